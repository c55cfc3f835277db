/// Names of Foundation's types that a module's own types also take: written alone in a mock
/// file that imports both Foundation and the module, they are ambiguous ("'IndexPath' is
/// ambiguous for type lookup in this context"), so a mock writes the module's with its module
/// name (`GraphQL.IndexPath`).
///
/// Foundation ships no interface file on Linux to read its names from, so this is a list: the
/// names real packages were found to reuse (GraphQL's `IndexPath`, Stencil's `Expression`,
/// SWXMLHash's `XMLElement`), and Foundation's other common type names.
enum FoundationTypeNames {
  static let names: Set<String> = [
    "AffineTransform", "AttributedString", "Bundle", "ByteCountFormatter", "Calendar",
    "CharacterSet", "Condition", "Data", "Date", "DateComponents", "DateFormatter",
    "DateInterval", "Decimal", "Expression", "FileHandle", "FileManager", "Formatter", "Host",
    "HTTPCookie", "IndexPath", "IndexSet", "InputStream", "JSONDecoder", "JSONEncoder",
    "Locale", "Measurement", "Notification", "NotificationCenter", "NumberFormatter",
    "Operation", "OperationQueue", "OutputStream", "PersonNameComponents", "Pipe", "Port",
    "Predicate", "Process", "ProcessInfo", "Progress", "PropertyListDecoder",
    "PropertyListEncoder", "RunLoop", "Scanner", "SortDescriptor", "Stream", "Thread", "Timer",
    "TimeZone", "Unit", "URL", "URLComponents", "URLQueryItem", "URLRequest", "URLResponse",
    "URLSession", "UserDefaults", "UUID", "XMLDocument", "XMLElement", "XMLNode", "XMLParser",
  ]
}
