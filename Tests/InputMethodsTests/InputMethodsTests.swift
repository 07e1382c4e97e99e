import Testing

@testable import InputMethods
