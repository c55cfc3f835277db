/// The text shown for `count` items. Its note is never read: emptying it changes nothing that
/// a test can see.
public func label(for count: Int) -> String {
  let note = "counted"
  _ = note
  return String(count) + " items"
}
