// Quick's shared examples, registered by name, and a behaviour, for `assay migrate quick`'s end-to-end test:
// migrated with CounterSpec.swift, whose `itBehavesLike` names them.
import Counter
import Nimble
import Quick

final class CountingSharedExamples: QuickConfiguration {
  override class func configure(_ configuration: QCKConfiguration) {
    sharedExamples("something that counts") { (context: @escaping SharedExampleContext) in
      it("counts one more after an increment") {
        let counter = context()["counter"] as! Counter
        let before = counter.value
        counter.increment()
        expect(counter.value).to(equal(before + 1))
      }
    }
  }
}

/// A behaviour, typed by its context, with a class member of its own.
final class StartsAtZero: Behavior<Counter> {
  override class func spec(_ counter: @escaping () -> Counter) {
    it("starts at zero") {
      expect(counter().value).to(equal(start()))
    }
  }

  class func start() -> Int { 0 }
}
