import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The identity a CI's test history keys a JUnit test case by: its `classname` and `name`.
///
/// Read with Foundation's XML parser, not with any qapass reader, so tests compare what two writers
/// wrote as a JUnit consumer sees it.
public struct JUnitCaseIdentity: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The `classname` attribute (empty when absent).
  public var classname: String
  /// The `name` attribute.
  public var name: String

  /// Creates an identity.
  public init(classname: String, name: String) {
    self.classname = classname
    self.name = name
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.classname, lhs.name) < (rhs.classname, rhs.name)
  }

  public var description: String { "\(classname) / \(name)" }

  /// Every `<testcase>` of `xml`, in document order.
  ///
  /// - Throws: ``Malformed`` when the text is not well-formed XML.
  public static func all(in xml: String) throws -> [JUnitCaseIdentity] {
    final class Delegate: NSObject, XMLParserDelegate {
      var cases: [JUnitCaseIdentity] = []
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
      ) {
        guard name == "testcase" else { return }
        cases.append(
          JUnitCaseIdentity(classname: attributes["classname"] ?? "", name: attributes["name"] ?? ""))
      }
    }
    let delegate = Delegate()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = delegate
    guard parser.parse() else {
      throw Malformed(description: parser.parserError.map { "\($0)" } ?? "not well-formed XML")
    }
    return delegate.cases
  }

  /// Text that is not well-formed XML.
  public struct Malformed: Error, CustomStringConvertible {
    public var description: String
  }
}
