import Digests
import Foundation

/// A versioned, fingerprinted set of automated items that replays without input-method engines.
///
/// `qapass export-scenarios FILE` writes one; its traces come from the real engines at export time
/// and its expectations from qapass's oracle (texts with known verdicts per rule and each input
/// method's declared text), never from the code under test. The JSON is deterministic (keys
/// sorted), and ``fingerprint`` is `sha256:` + the SHA-256 of the canonical JSON of everything
/// but the fingerprint itself, checked on load.
///
/// ```swift
/// import CoreAdapters  // the reference core
///
/// let url = URL(fileURLWithPath: "examples/SignUpCore/Tests/SignUpCoreTests/Resources/default.pack.json")
/// let pack = try ScenarioPack.load(Data(contentsOf: url))
/// let run = PackRunner.run(pack, subject: ReferenceCoreSubject(version: "0.1.0"))
/// try run.junitXML().write(toFile: "build/qapass-junit.xml", atomically: true, encoding: .utf8)
/// ```
public struct ScenarioPack: Codable, Hashable, Sendable {
  /// The format tag this version of the harness reads and writes.
  ///
  /// Version 6: a save-flow step may wait (``SaveFlowStep/delayMilliseconds``) on the replay's
  /// ``VirtualClock`` and may bound its play requests (``SaveFlowExpectation/playRequestsAtMost``); a
  /// submission may be expected `accepted-unless-disabled`
  /// (``ExpectedSubmission/acceptedUnlessDisabled(_:)``); items `r2` by button and by code, `r6` and
  /// `haptic.engine-start-failure` are new. Version 5: no `matrixPath`; a pack holds what the matrix means, never the path that spelled it,
  /// so `m.yaml`, `./m.yaml` and its absolute path export the same bytes and fingerprint; a field may
  /// carry the team's ``PackField/samples`` (left out when it declares none, so a pack without samples
  /// reads as before). Version 4: a composition step's `marked` and `selection` are left out where its
  /// actions give them (``CompositionStep/ranges(after:marked:selection:)``). Version 3: time and what the app
  /// sent. A composition script carries the team's ``CompositionPolicies`` (the settle time before
  /// checks are read, what a Return after a silent commit does) and whether it goes on after a
  /// failing step; a step may wait
  /// (``CompositionStep/delayMilliseconds``) on the replay's ``VirtualClock``; `select` is an
  /// operation and `assignText` only app code; an item may say it replays another's steps
  /// (``PackItem/sameStepsAs``); items `r4`, `r5` and `t1` are new. Version 2 had the save-flow
  /// `contract`; version 1 handed the flow a pattern to play. An older or newer pack is refused with
  /// ``PackError/unsupportedFormat(_:)``: export it again with this qapass (a pack is an export's
  /// output, committed beside the matrix it comes from, so exporting again is the one migration;
  /// reading a format 3 pack would keep a second step layout alive for no gain).
  public static let currentFormat = "qapass-scenarios/6"

  /// The format tag, ``currentFormat``.
  public var format: String
  /// What wrote the pack: `qapass 0.1.0`.
  public var generator: String
  /// The matrix's name.
  public var matrixName: String
  /// The app build the matrix names, if any.
  public var build: String?
  /// The fingerprint of the plan the items come from.
  public var planFingerprint: String
  /// The items, in plan order.
  public var items: [PackItem]
  /// Items the exporter could not write, with why (an engine missing, a text the oracle does not
  /// know); a runner reports them as errors, never as passes.
  public var unexported: [UnexportedItem]

  /// Creates a pack.
  public init(
    generator: String, matrixName: String, build: String?, planFingerprint: String,
    items: [PackItem], unexported: [UnexportedItem] = []
  ) {
    format = Self.currentFormat
    self.generator = generator
    self.matrixName = matrixName
    self.build = build
    self.planFingerprint = planFingerprint
    self.items = items
    self.unexported = unexported
  }

  /// `sha256:` and 64 hex digits over the canonical JSON (compact, keys sorted) without the
  /// fingerprint.
  public var fingerprint: String {
    Digest.fingerprint(of: String(decoding: Self.encode(self, pretty: false), as: UTF8.self))
  }

  /// The pack's file contents: compact JSON with sorted keys and the fingerprint, one item per
  /// line (so a changed item is a one-line diff), ending with a newline. Byte-identical for the
  /// same pack.
  public func fileContents() -> String {
    var head = self
    head.items = []
    let outline = String(
      decoding: Self.encode(Fingerprinted(fingerprint: fingerprint, pack: head), pretty: false), as: UTF8.self
    )
    let lines = items.map { String(decoding: Self.encode($0, pretty: false), as: UTF8.self) }
    // Keys are sorted, so the first `"items":[]` follows the short header members.
    guard let slot = outline.range(of: "\"items\":[]"), !lines.isEmpty else { return outline + "\n" }
    return outline[..<slot.lowerBound] + "\"items\":[\n" + lines.joined(separator: ",\n") + "\n]"
      + outline[slot.upperBound...] + "\n"
  }

  /// Reads a pack written by ``fileContents()``.
  ///
  /// - Throws: ``PackError`` when the JSON does not decode, the format is another one, or the
  ///   fingerprint does not match the contents (the file was edited by hand).
  public static func load(_ data: Data) throws(PackError) -> ScenarioPack {
    try loadVerified(data).pack
  }

  /// Reads a pack like ``load(_:)`` and also returns its verified fingerprint, so a runner need
  /// not encode the pack again to name it.
  public static func loadVerified(_ data: Data) throws(PackError) -> (pack: ScenarioPack, fingerprint: String)
  {
    // A file as export wrote it is read without Foundation's coders (``read(_:workers:each:)``); any other
    // is decoded and encoded again, which gives the same pack, fingerprint or error.
    let read = data.withUnsafeBytes { raw in
      Self.read(
        raw.assumingMemoryBound(to: UInt8.self), workers: ProcessInfo.processInfo.activeProcessorCount
      ) {
        $0
      }
    }
    if case (var pack, let fingerprint, let items)? = read {
      pack.items = items
      return (pack, fingerprint)
    }
    let file: Fingerprinted
    do {
      // The format first, so a pack of another version says so instead of failing on a member.
      let format = try JSONDecoder().decode(FormatTag.self, from: data).format
      guard format == currentFormat else { throw PackError.unsupportedFormat(format) }
      file = try JSONDecoder().decode(Fingerprinted.self, from: data)
    } catch let error as PackError {
      throw error
    } catch {
      throw PackError.decodingFailure(error, notA: "a scenario pack")
    }
    let actual = file.pack.fingerprint
    guard actual == file.fingerprint else {
      throw .fingerprintMismatch(recorded: file.fingerprint, actual: actual)
    }
    return (file.pack, actual)
  }

  static func encode(_ value: some Encodable, pretty: Bool) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty
      ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    // Strings, integers, booleans and finite doubles always encode.
    return (try? encoder.encode(value)) ?? Data()
  }

  /// The one member read before the rest.
  struct FormatTag: Decodable {
    var format: String
  }

  /// The file layout: the pack's members and its fingerprint, side by side.
  struct Fingerprinted: Codable {
    var fingerprint: String
    var pack: ScenarioPack

    init(fingerprint: String, pack: ScenarioPack) {
      self.fingerprint = fingerprint
      self.pack = pack
    }

    enum CodingKeys: String, CodingKey { case fingerprint }

    init(from decoder: any Decoder) throws {
      fingerprint = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .fingerprint)
      pack = try ScenarioPack(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(fingerprint, forKey: .fingerprint)
      try pack.encode(to: encoder)
    }
  }
}
