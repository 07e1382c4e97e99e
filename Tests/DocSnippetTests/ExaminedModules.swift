// The modules whose doc comments' examples are type-checked, imported here so that the test run builds
// them before the examples are checked against their `.swiftmodule` files (see `ModuleExamples`).
import AcceptanceCore
import AcceptanceCoreTesting
import CoreAdapters
import CoveringArrays
import Diagnostics
import Digests
import Effects
import Keystrokes
import MatrixExpansion
import MatrixFormat
import Observations
import Oracle
import QAModel
import QAPassCLI
import QAPassHarness
import QAPassHarnessUIKit
import QAPassServer
import QAPassWorkflow
import Reporting
import ScenarioEngine
import Simulators
import TestResults
import TextFormats
import YAMLDecoding

#if Engines
  import InputMethods
#endif
