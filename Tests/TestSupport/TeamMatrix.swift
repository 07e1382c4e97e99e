/// A team's own matrix, kept at `matrices/team.yaml` (not the default path), with names no table of
/// qapass holds: one Korean keyboard on one field, one haptic phone, two testers who both hold it.
/// Its one session, `phone-a.26.x`, has 8 items: M1–M3 for the keyboard, then H1–H5; `minji` is
/// assigned to it.
public enum TeamMatrix {
  public static let path = "matrices/team.yaml"
  public static let session = "phone-a.26.x"
  public static let keyboard = "ko_KR@sw=Korean;hw=Automatic"
  /// The keyboard item numbered 1 in the checklist.
  public static let m1 = "manual.ime.m1.phone-a.26.x.ko-2set.given-name"
  public static let h1 = "manual.haptic.h1.phone-a.26.x"

  public static let text = """
    version: 1
    name: Team pass — Korean given name and the save haptic
    build: "2.3.0 (77)"
    input_methods:
      - id: ko-2set
        label: Korean – 2-Set
        keyboard: ko_KR@sw=Korean;hw=Automatic
        engine: hangul:2
        recipe: qkrtjdus
        expect: 박서연
    devices:
      - {id: phone-a, name: iPhone 15, kind: device, haptics: true, os: {min: "18.0"}}
    fields:
      - id: given-name
        label: Given name
        rules: [required, korean-name]
        input_methods: [ko-2set]
    testers:
      - {name: minji, devices: [phone-a], time_zone: Asia/Seoul}
      - {name: hana, devices: [phone-a]}
    haptics:
      confirmation:
        - {type: transient, time: 0, intensity: 0.8, sharpness: 0.4}
    matrix:
      os: ["26.x"]
      input_method: [ko-2set]
      device: [phone-a]

    """
}
