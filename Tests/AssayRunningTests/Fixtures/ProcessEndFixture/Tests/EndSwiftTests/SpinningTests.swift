import Testing

/// A test that computes for ever, as a mutant's endless loop does.
@Test func spinsForever() {
  var turns = 0
  while turns >= 0 { turns = (turns &+ 1) & 0xFFFF }
}
