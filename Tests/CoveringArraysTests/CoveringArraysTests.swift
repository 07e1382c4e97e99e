import Testing

@testable import CoveringArrays
