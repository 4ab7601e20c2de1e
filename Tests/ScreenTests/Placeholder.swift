import Testing
@testable import Screen
