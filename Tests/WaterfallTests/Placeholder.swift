import Testing
@testable import Waterfall
