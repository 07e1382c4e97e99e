// The products an app adopts, imported here so that the test run builds their modules: the
// snippet tests compile docs/ADOPTING.md against them as an app would (see `Snippets`).
import AcceptanceCore
import AcceptanceCoreTesting
import CoreAdapters
import QAPassHarness
import QAPassHarnessUIKit
