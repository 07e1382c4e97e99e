import Observations
import QAModel
import ScenarioEngine

extension ObservableCatalog {
  /// The manual items of `plan` as observation sheets and ingest need them, with the plan's build
  /// and fingerprint.
  ///
  /// Sessions are `<device>.<os>` (as checklist file names, without `.md`). Haptic items carry the
  /// contract's fingerprint and its parameters by name: `type`, `time`, `duration` (continuous
  /// events), `intensity` and `sharpness`, prefixed `event1.`, `event2.`, … when the pattern has
  /// several events.
  package init(plan: Plan) {
    let items = plan.items.compactMap { item -> ObservableItem? in
      guard item.kind == .manual else { return nil }
      let device = item.configuration.device ?? ""
      let os = item.configuration.os ?? ""
      return ObservableItem(
        id: item.id, textVersion: item.scenarioVersion, device: device, os: os,
        inputMethod: item.configuration.inputMethod, field: item.configuration.field,
        idWithoutSession: item.idWithoutSession, title: item.title,
        hapticFingerprint: item.haptic?.fingerprint,
        hapticParameters: item.haptic?.namedParameters ?? [:], keyboard: item.configuration.keyboard,
        formerIDs: item.formerIDs(plan.renames),
        formerDevices: (plan.renames.devices[device.rawValue] ?? []).map(DeviceID.init(rawValue:)))
    }
    self.init(items: items, build: plan.build, planFingerprint: plan.fingerprint)
  }
}
