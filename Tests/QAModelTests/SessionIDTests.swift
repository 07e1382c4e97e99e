import QAModel
import Testing

struct SessionIDTests {
  @Test func `a session is spelled device dot OS`() {
    let session = SessionID(device: "iphone-16e", os: "26.x")
    #expect(session.description == "iphone-16e.26.x")
    #expect(session.fileStem == "iphone-16e.26.x")
    #expect(session != SessionID(device: "iphone-16e", os: "26.1"))
  }

  @Test func `file stems replace characters outside the safe set`() {
    #expect(SessionID(device: "ipad/air", os: "26 beta").fileStem == "ipad-air.26-beta")
    #expect(SessionID(device: "..", os: "x").fileStem == "x")
    #expect(SessionID(device: "", os: "").fileStem == "session")
    #expect(SessionID(device: "iPad_Pro-13", os: "18.x").fileStem == "iPad_Pro-13.18.x")
  }

  @Test func `sessions order as their spellings do`() {
    let sessions = [
      SessionID(device: "a.26", os: "x"), SessionID(device: "a-b", os: "26"),
      SessionID(device: "a", os: "26"),
    ]
    #expect(sessions.sorted().map(\.description) == sessions.map(\.description).sorted())
  }
}
