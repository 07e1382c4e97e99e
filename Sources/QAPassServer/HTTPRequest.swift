import Foundation

/// One HTTP request, read whole: its method, path, headers, query arguments and body.
package struct HTTPRequest: Sendable {
  /// `GET`, `POST`, …
  package var method: String
  /// The path, decoded, without the query.
  package var path: String
  /// Every header as sent, in order.
  package var headers: [(String, String)]
  /// Every query argument, decoded, in order.
  package var query: [(String, String)]
  /// The body (at most the server's limit).
  package var body: [UInt8]
  /// The client's address, numeric.
  package var client: String

  /// Creates a request.
  package init(
    method: String, path: String, headers: [(String, String)] = [], query: [(String, String)] = [],
    body: [UInt8] = [], client: String = "unknown"
  ) {
    self.method = method
    self.path = path
    self.headers = headers
    self.query = query
    self.body = body
    self.client = client
  }

  /// The first header named `name` (names compare without case).
  package func header(_ name: String) -> String? {
    headers.first { $0.0.lowercased() == name.lowercased() }?.1
  }

  /// The first query argument named `name`.
  package func query(_ name: String) -> String? {
    query.first { $0.0 == name }?.1
  }

  /// The value of cookie `name`, from the `Cookie` header.
  package func cookie(_ name: String) -> String? {
    for pair in (header("Cookie") ?? "").split(separator: ";") {
      let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      if parts.count == 2, parts[0] == name { return parts[1] }
    }
    return nil
  }
}
