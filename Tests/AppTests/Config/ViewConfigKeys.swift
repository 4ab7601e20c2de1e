// The configuration keys of the cascade binary's view command, read as the binary reads them:
// from ArgumentParser's description of its options.

import App
import Foundation
@testable import TestSupport

let viewKeys: [ConfigKey] = {
    do {
        let dump = try cascadeRun(["view", "--experimental-dump-help"], environment: [:])
        return try ConfigKey.keys(fromParserDump: dump.out)
    } catch {
        fatalError("cannot read the view command's options: \(error)")
    }
}()
