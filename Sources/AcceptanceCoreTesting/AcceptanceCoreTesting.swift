// Module AcceptanceCoreTesting: test doubles for an app's own tests of AcceptanceCore's save flow,
// kept out of the AcceptanceCore product an app ships.
//
// - `ControlledSaver`: saves that complete only when the test says so.
// - `ImmediateSaver`: saves that complete at once with a fixed result.
// - `RecordingHapticPlayer`: records every prepare and play, and loses a play made after the
//   engine lost its preparation, as Core Haptics does.
