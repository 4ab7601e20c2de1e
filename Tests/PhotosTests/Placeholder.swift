import Testing
@testable import Photos
