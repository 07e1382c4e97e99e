import Testing

@testable import ScenarioEngine
