import MatrixFormat
import QAModel

extension PlanItem {
  /// The ids an item had under the former ids of its device, input method and field (`renamed_from:`),
  /// every combination of old and new but the current one, in a fixed order.
  ///
  /// Built from the item's configuration the way ``Plan/make(file:cellLimit:strategy:seed:previous:engines:)``
  /// builds its id, keeping whatever follows those segments (extra matrix values, a variant, a submission
  /// path, a `.2` of a repeated id): `manual.ime.<check>.<device>.<os>.<input method>.<field>…`,
  /// `manual.haptic.<check>.<device>.<os>`, and for automated items `auto.<check>.<input method>.<field>…`,
  /// `auto.p1.<path>.<field>.<sample>`, `auto.<check>.<field>` (no device: a device rename changes no
  /// automated id; the haptic checks' ids have no renamed segment).
  ///
  /// ```swift
  /// let path = "matrices/default.yaml"
  /// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  /// let document = try MatrixDocument.load(path: path, bytes: bytes).document
  /// guard case .qapass(var file) = document else { return }
  /// file.renames.inputMethods["ko-2set"] = ["ko-dubeolsik"]  // ko-2set: renamed_from: [ko-dubeolsik]
  /// let plan = try Plan.make(file: file)
  /// let item = plan.items.first { $0.id == "manual.ime.m1.iphone-16e.26.x.ko-2set.korean-name" }
  /// item?.formerIDs(plan.renames)  // ["manual.ime.m1.iphone-16e.26.x.ko-dubeolsik.korean-name"]
  /// ```
  package func formerIDs(_ renames: MatrixFile.Renames) -> [ItemID] {
    guard !renames.isEmpty else { return [] }
    let method = configuration.inputMethod?.rawValue
    let field = configuration.field?.rawValue
    var devices: [String?] = [nil]
    var methods: [String?] = [method] + (method.flatMap { renames.inputMethods[$0] } ?? [])
    var fields: [String?] = [field] + (field.flatMap { renames.fields[$0] } ?? [])
    let build: (String?, String?, String?) -> String
    switch kind {
    case .manual:
      guard let device = configuration.device, let os = configuration.os else { return [] }
      devices = [device.rawValue] + (renames.devices[device.rawValue] ?? [])
      if channel == .haptics {
        (methods, fields) = ([nil], [nil])
      } else if method == nil || field == nil {
        return []
      }
      let head = "manual.\(channel == .haptics ? "haptic" : "ime").\(scenario)."
      build = { device, method, field in
        var id = head + Plan.sanitized(device ?? "") + "." + Plan.sanitized(os)
        for segment in [method, field].compactMap({ $0 }) { id += "." + Plan.sanitized(segment) }
        return id
      }
    case .automated:
      let path = configuration.inputPath?.rawValue
      build = { _, method, field in
        (["auto", scenario.rawValue] + [method, path, field].compactMap { $0 }).joined(separator: ".")
      }
    }
    let current = build(devices[0], methods[0], fields[0])
    guard id.rawValue.hasPrefix(current) else { return [] }
    let rest = id.rawValue.dropFirst(current.count)
    var result: [ItemID] = []
    for device in devices {
      for method in methods {
        for field in fields {
          let former = ItemID(rawValue: build(device, method, field) + rest)
          if former != id && !result.contains(former) { result.append(former) }
        }
      }
    }
    return result
  }
}
