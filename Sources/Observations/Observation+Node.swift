import YAMLDecoding

extension Observation {
  /// The observation as a records-file entry, keys in ``ObservationSchema`` order; absent optional
  /// values are left out.
  var node: Node {
    typealias K = ObservationSchema.EntryKey
    var pairs: [(key: String, value: Node)] = [
      (K.id, Node(string: itemID.rawValue)),
      (K.result, Node(string: result.rawValue)),
      (K.tester, Node(string: tester)),
      (K.time, time.map { Node(string: $0.text) } ?? .blank),
      (K.device, Node(string: device.rawValue)),
      (K.os, Node(string: os)),
    ]
    if let keyboard { pairs.append((K.keyboard, Node(string: keyboard))) }
    pairs += [(K.textVersion, Node(int: textVersion))]
    if let build { pairs.append((K.build, Node(string: build))) }
    if let note { pairs.append((K.note, Node(string: note))) }
    if !evidence.isEmpty { pairs.append((K.evidence, Node(sequence: evidence.map { Node(string: $0) }))) }
    if !attachments.isEmpty {
      pairs.append((K.attachments, Node(sequence: attachments.map { Node(string: $0) })))
    }
    if let hapticFingerprint { pairs.append((K.hapticFingerprint, Node(string: hapticFingerprint))) }
    if !hapticParameters.isEmpty { pairs.append((K.hapticParameters, Node.parameters(hapticParameters))) }
    if let carried {
      typealias C = ObservationSchema.CarriedKey
      pairs.append(
        (
          K.carried,
          Node(mapping: [
            (C.fromBuild, Node(string: carried.fromBuild)), (C.by, Node(string: carried.by)),
            (C.at, Node(string: carried.time.text)), (C.reason, Node(string: carried.reason)),
          ])
        ))
    }
    return Node(mapping: pairs)
  }
}

extension Node {
  /// An empty plain value, written as `key:` with nothing after it.
  static var blank: Node { Node(.scalar(Scalar(text: "", style: .plain))) }

  /// Haptic parameters as a mapping sorted by name, values as strings.
  static func parameters(_ parameters: [String: String]) -> Node {
    Node(mapping: parameters.sorted { $0.key < $1.key }.map { (key: $0.key, value: Node(string: $0.value)) })
  }
}
