extension CallRecorder {
  private static let typeRecorders = Locked<[ObjectIdentifier: CallRecorder]>([:])

  /// The recorder for the static members of `type`, made on first use and shared after that.
  ///
  /// Generated mocks record calls of static members here, so that a mock generic over an
  /// associated type gets one recorder per specialization. Static calls are shared by every
  /// test that runs at the same time: `reset()` it where a test starts, and do not run tests
  /// that use the same static members in parallel.
  ///
  /// - Parameters:
  ///   - type: The mock type.
  ///   - name: The double's name, as failure messages show it.
  /// - Returns: The type's recorder; strict.
  public static func forStaticMembers(of type: Any.Type, name: String) -> CallRecorder {
    typeRecorders.withLock { recorders in
      if let recorder = recorders[ObjectIdentifier(type)] {
        return recorder
      }
      let recorder = CallRecorder(name)
      recorders[ObjectIdentifier(type)] = recorder
      return recorder
    }
  }
}
