import Diagnostics
import Digests
import Foundation
import Observations

extension Workflow {
  /// Stores the file at `path` under `<folder>/evidence/<sha256>.<ext>` (once: the same content is
  /// already there), after checking its type by its first bytes and its size against the type's
  /// limit; returns the name to record, relative to `folder`.
  ///
  /// - Throws: ``FileError``: 66 when the file cannot be read, 65 when it is of another type or over
  ///   its limit, 73 when it cannot be stored.
  func storeEvidence(_ path: String, in folder: String) throws -> (name: String, stored: Bool) {
    let absolute = absolute(path)
    guard files.kind(of: absolute, followingLinks: true) == .regular else {
      let kind = files.kind(of: absolute, followingLinks: true)
      throw FileError(
        path: path,
        message: kind == nil ? "no such file" : "is \(kind?.rawValue ?? "not a file"), not a file",
        exitCode: .noInput)
    }
    let bytes: [UInt8]
    do {
      bytes = try files.readBytes(absolute, limit: EvidenceFile.videoLimit) ?? []
    } catch {
      throw FileError(path: path, message: message(error), exitCode: .noInput)
    }
    guard let kind = EvidenceFile.Kind.detect(bytes) else {
      let head = bytes.prefix(8).map {
        String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
      }
      throw FileError(
        path: path,
        message: "is not a screenshot or screen recording qapass stores (its first bytes are "
          + "\(head.isEmpty ? "none: the file is empty" : head.joined(separator: " "))); attach "
          + "\(EvidenceFile.listed), or give a link with --evidence",
        exitCode: .dataError)
    }
    if bytes.count > kind.limit {
      let size =
        bytes.count > EvidenceFile.videoLimit
        ? "over \(EvidenceFile.videoLimit >> 20)" : Self.mebibytes(bytes.count)
      throw FileError(
        path: path,
        message: "is a \(kind.name) of \(size) MiB, over the limit of \(kind.limit >> 20) MiB for a "
          + "\(kind.isImage ? "picture" : "video"); shorten or compress it, or give a link with --evidence",
        exitCode: .dataError)
    }
    let name = "\(Defaults.evidenceFolder)/\(Digest.sha256Hex(of: bytes)).\(kind.fileExtension)"
    let target = "\(folder)/\(name)"
    if files.kind(of: self.absolute(target), followingLinks: true) == .regular,
      let existing = try? files.readBytes(self.absolute(target), limit: kind.limit), existing == bytes
    {
      return (name, false)
    }
    let evidenceFolder = "\(folder)/\(Defaults.evidenceFolder)"
    if files.kind(of: self.absolute(evidenceFolder), followingLinks: true) == nil {
      do { try files.createFolder(self.absolute(evidenceFolder)) } catch {
        throw FileError(path: evidenceFolder, message: message(error), exitCode: .cannotCreate)
      }
    }
    do { try files.writeAtomically(bytes, to: self.absolute(target)) } catch {
      throw FileError(path: target, message: message(error), exitCode: .cannotCreate)
    }
    return (name, true)
  }

  /// `5.0`: bytes in MiB with one decimal.
  static func mebibytes(_ count: Int) -> String {
    let tenths = (count * 10 + (1 << 19)) >> 20
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// Checks every stored evidence file the observations name: each must be a stored file's name and
  /// be there, unchanged (its content still hashes to its name). Returns the problems, each at the
  /// entry that names the file, and the path of each file found, by the name recorded.
  func checkAttachments(_ ingest: IngestResult, observations: String) -> (
    problems: [Diagnostic], links: [String: String]
  ) {
    var problems: [Diagnostic] = []
    var links: [String: String] = [:]
    var checked: [String: String?] = [:]
    for outcome in ingest.items {
      for recorded in outcome.observations {
        for name in recorded.observation.attachments {
          let path = "\(AuditLog.folder(of: recorded.path))/\(name)"
          let problem: String?
          if let known = checked[path] {
            problem = known
          } else {
            problem = attachmentProblem(name, at: path)
            checked[path] = problem
          }
          if let problem {
            problems.append(
              Diagnostic(.error, path: recorded.path, location: recorded.location, message: problem))
          } else {
            links[name] = path
          }
        }
      }
    }
    return (problems, links)
  }

  /// Why the stored file `name` at `path` cannot be shown, or `nil`.
  func attachmentProblem(_ name: String, at path: String) -> String? {
    let parts = name.split(separator: "/")
    guard parts.count == 2, parts[0] == Defaults.evidenceFolder,
      let digest = EvidenceFile.digest(ofStoredName: String(parts[1]))
    else {
      return "'\(name)' is not a file 'record --attach' stored (\(Defaults.evidenceFolder)/<sha256>.<ext>)"
    }
    guard files.kind(of: absolute(path), followingLinks: true) == .regular,
      let bytes = try? files.readBytes(absolute(path), limit: EvidenceFile.videoLimit)
    else {
      return
        "the attached file '\(path)' is missing; restore it (it is named by its SHA-256) or attach it again"
    }
    let actual = Digest.sha256Hex(of: bytes)
    if actual != digest {
      return "the attached file '\(path)' changed since it was attached: its SHA-256 is now \(actual); "
        + "restore the original or attach the new one"
    }
    return nil
  }

  /// `../observations/evidence/x.png`: `target` as a link from the folder `directory` (both relative
  /// to the working directory, or absolute).
  func relativeLink(from directory: String, to target: String) -> String {
    let from = absolute(directory).split(separator: "/")
    let to = absolute(target).split(separator: "/")
    var common = 0
    while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
    return (Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)).joined(
      separator: "/")
  }
}
