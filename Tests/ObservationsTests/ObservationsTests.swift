import Testing

@testable import Observations
