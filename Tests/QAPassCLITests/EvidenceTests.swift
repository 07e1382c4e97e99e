import Digests
import Effects
import Foundation
import TestSupport
import Testing

@testable import QAPassCLI

/// `record --attach`: screenshots and screen recordings stored beside the records, content-addressed,
/// within their type's limit, linked from the report (issue 36).
struct EvidenceTests {
  /// `count` bytes opening with `head`, the rest a repeating pattern.
  static func file(_ head: [UInt8], count: Int) -> [UInt8] {
    var bytes = head
    bytes.reserveCapacity(count)
    var value: UInt8 = 0
    while bytes.count < count {
      bytes.append(value)
      value &+= 37
    }
    return bytes
  }

  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  /// A QuickTime movie's file-type box: size, `ftyp`, brand `qt  `.
  static let mov: [UInt8] = [0, 0, 0, 0x14] + Array("ftypqt  ".utf8) + [0, 0, 0, 0]
  static let gif: [UInt8] = Array("GIF89a".utf8)
  /// A 5 MiB screenshot and a 40 MiB screen recording, made once for every test.
  static let shotBytes = file(png, count: 5 << 20)
  static let clipBytes = file(mov, count: 40 << 20)
  static let shot = Digest.sha256Hex(of: shotBytes)
  static let clip = Digest.sha256Hex(of: clipBytes)

  static func workspace() -> InMemoryFileSystem {
    let files = InMemoryFileSystem([
      "/w": .folder, "/w/m.yaml": .file(Array(DecisionTests.matrix().utf8)),
      "/w/shot.png": .file(shotBytes),
      "/w/clip.mov": .file(clipBytes),
      "/w/big.png": .file(file(png, count: 11 << 20)),
      "/w/anim.gif": .file(file(gif, count: 1000)),
    ])
    #expect(DecisionTests.run(files, "checklist", "m.yaml").code == .success)
    return files
  }

  @Test func `a 5 MB screenshot and a 40 MB recording are stored once and linked from the report`() throws {
    let files = Self.workspace()
    let first = DecisionTests.run(
      files,
      exactOS(
        "record", DecisionTests.pinyinM2, "--result", "fail", "--attach", "shot.png", "--attach",
        "clip.mov"))
    #expect(first.code == .success, "\(first.err)")
    let (shot, clip) = (Self.shot, Self.clip)
    #expect(first.out.contains("stored shot.png as observations/evidence/\(shot).png\n"))
    #expect(first.out.contains("stored clip.mov as observations/evidence/\(clip).mov\n"))
    // The same screenshot for another item: stored already, not again.
    let second = DecisionTests.run(
      files, exactOS("record", DecisionTests.pinyinM1, "--result", "pass", "--attach", "shot.png"))
    #expect(second.out.contains("shot.png is stored already, as observations/evidence/\(shot).png\n"))
    #expect(files.names(in: "/w/observations/evidence")?.sorted() == ["\(clip).mov", "\(shot).png"].sorted())
    #expect(files["/w/observations/evidence/\(shot).png"] == .file(Self.shotBytes))
    let records = try #require(files.text("/w/observations/records.yaml"))
    #expect(records.contains("attachments:\n    - evidence/\(shot).png\n    - evidence/\(clip).mov\n"))

    let pass = DecisionTests.run(files, "pass", "m.yaml")
    #expect(pass.code == .failure, "\(pass.err)")
    let md = try #require(files.text("/w/reports/report.md"))
    #expect(
      md.contains(
        "- Attached: [../observations/evidence/\(shot).png](<../observations/evidence/\(shot).png>), "
          + "[../observations/evidence/\(clip).mov](<../observations/evidence/\(clip).mov>)"))
    #expect(md.contains("- **Evidence files:** 3 attached to the deciding observations"))
    let json = try #require(files.text("/w/reports/report.json"))
    #expect(json.contains("\"attachment_links\": [\n        \"../observations/evidence/\(shot).png\""))
  }

  @Test func `a file over its limit or of another type is refused at its path, nothing recorded`() {
    let files = Self.workspace()
    let big = DecisionTests.run(
      files, exactOS("record", DecisionTests.pinyinM2, "--result", "fail", "--attach", "big.png"))
    #expect(big.code == .dataError)
    #expect(
      big.err
        == "big.png: error: is a PNG of 11.0 MiB, over the limit of 10 MiB for a picture; shorten or compress "
        + "it, or give a link with --evidence\n")
    let gif = DecisionTests.run(
      files, exactOS("record", DecisionTests.pinyinM2, "--result", "fail", "--attach", "anim.gif"))
    #expect(gif.code == .dataError)
    #expect(
      gif.err.hasPrefix(
        "anim.gif: error: is not a screenshot or screen recording qapass stores (its first bytes are 47 49 46 38 "
          + "39 61 00 25); attach PNG, JPEG, HEIC"))
    let missing = DecisionTests.run(
      files, exactOS("record", DecisionTests.pinyinM2, "--result", "fail", "--attach", "gone.png"))
    #expect(missing.code == .noInput)
    #expect(missing.err == "gone.png: error: no such file\n")
    #expect(files.text("/w/observations/records.yaml")?.contains("- id:") != true, "nothing recorded")
    #expect(files["/w/observations/evidence"] == nil)
  }

  @Test func `a stored file that is missing or changed is an error at the entry that names it`() throws {
    let files = Self.workspace()
    #expect(
      DecisionTests.run(
        files, exactOS("record", DecisionTests.pinyinM2, "--result", "fail", "--attach", "shot.png")
      )
      .code
        == .success)
    #expect(
      DecisionTests.run(
        files, exactOS("record", DecisionTests.pinyinM1, "--result", "pass", "--attach", "clip.mov")
      )
      .code
        == .success)
    let (shot, clip) = (Self.shot, Self.clip)
    files["/w/observations/evidence/\(shot).png"] = nil
    files["/w/observations/evidence/\(clip).mov"] = .file(Self.file(Self.mov, count: 1000))
    let pass = DecisionTests.run(files, "pass", "m.yaml")
    #expect(pass.code == .dataError)
    #expect(
      pass.err.contains(
        "observations/records.yaml:6:5: error: the attached file 'observations/evidence/\(shot).png' is missing; "
          + "restore it (it is named by its SHA-256) or attach it again\n6 |   - id: \(DecisionTests.pinyinM2)\n"
      ))
    #expect(
      pass.err.contains(
        "error: the attached file 'observations/evidence/\(clip).mov' changed since it was attached: its SHA-256 is now "
          + Digest.sha256Hex(of: Self.file(Self.mov, count: 1000))))
    // The report is still written, naming the file in error.
    #expect(files.text("/w/reports/report.md")?.contains("## Observation files in error") == true)
  }
}
