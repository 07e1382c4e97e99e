import TextFormats

/// One HTTP response: status, headers and body.
package struct HTTPResponse: Sendable {
  /// The status code.
  package var status: Int
  /// The headers, in order.
  package var headers: [(String, String)]
  /// The body.
  package var body: [UInt8]

  /// Creates a response.
  package init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A JSON document.
  package static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [("Content-Type", "application/json; charset=utf-8")],
      body: Array(value.rendered(trailingNewline: true).utf8))
  }

  /// An error as JSON: `{"status": 409, "error": "plan_changed", "message": "…"}`, with `"field":
  /// "os"` when it is about one field of the request's body.
  package static func error(_ status: Int, _ code: String, _ message: String, field: String? = nil)
    -> HTTPResponse
  {
    var members: [(String, JSONValue)] = [
      ("status", .int(status)), ("error", .string(code)), ("message", .string(message)),
    ]
    if let field { members.append(("field", .string(field))) }
    return json(.object(members), status: status)
  }

  /// An HTML page.
  package static func html(_ text: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(text.utf8))
  }

  /// A script, style sheet or picture of the server's own.
  package static func asset(_ text: String, type: String) -> HTTPResponse {
    HTTPResponse(status: 200, headers: [("Content-Type", "\(type); charset=utf-8")], body: Array(text.utf8))
  }
}
