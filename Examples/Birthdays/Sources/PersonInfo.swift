import Foundation

/// A friend whose birthday the app remembers.
public struct PersonInfo: Equatable, Sendable {
  /// The given name.
  public var firstName: String
  /// The family name.
  public var lastName: String
  /// The day they were born.
  public var birthday: Date

  /// Creates a person.
  public init(firstName: String, lastName: String, birthday: Date) {
    self.firstName = firstName
    self.lastName = lastName
    self.birthday = birthday
  }
}

/// How the list is sorted; stored as an integer preference.
public enum ListOrder: Int, Sendable {
  case lastName = 0
  case firstName = 1
}
