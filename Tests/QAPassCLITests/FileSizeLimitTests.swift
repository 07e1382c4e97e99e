import Foundation
import Testing

/// A file-size limit (`ulimit -f`) is an error with its path, never a kill (issue 32, finding 8): `record`
/// died of SIGXFSZ (exit 153) and left its temporary file.
struct FileSizeLimitTests {
  @Test
  func `record over the file-size limit fails with the path, leaving the records file and no temporary`()
    throws
  {
    let ws = try Workspace()
    defer { ws.remove() }
    let item = "manual.haptic.h1.iphone-16e.26.x"
    var records = "version: 1\nobservations:\n"
    for _ in 0..<40 { records += Workspace.entry(item) }
    try ws.write(records, to: "observations/records.yaml")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // 4 blocks (2 KiB in dash's 512-byte blocks, 4 KiB in bash's): less than the records file.
    process.arguments = [
      "-c", "ulimit -f 4 && exec \"$0\" record \(item) --result pass --tester mei --os 26.4.1",
      InteractiveRecordTests.executable.path,
    ]
    process.currentDirectoryURL = ws.url
    let error = Pipe()
    process.standardError = error
    process.standardOutput = Pipe()
    try process.run()
    let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "not killed by a signal")
    #expect(process.terminationStatus == 73)
    #expect(message == "observations/records.yaml: error: cannot write: File too large\n")
    #expect(try ws.text("observations/records.yaml") == records)
    let left = try FileManager.default.contentsOfDirectory(
      atPath: ws.url.appendingPathComponent("observations").path)
    #expect(!left.contains { $0.contains(".tmp-") }, "\(left)")
  }
}
