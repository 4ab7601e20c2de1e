@testable import App
