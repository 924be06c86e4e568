import ArgumentParser
import Foundation
import FuzzTargets

/// Replays saved inputs (files, or every file of a folder) through a fuzz target.
enum InputReplay {
    /// Runs each input once; returns how many ran. A path that does not exist is a usage error.
    static func replay(_ target: FuzzTarget, paths: [String]) throws -> Int {
        var count = 0
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ValidationError("no such input: \(path)")
            }
            let files = isDirectory.boolValue
                ? try FileManager.default.contentsOfDirectory(atPath: path).sorted().map { "\(path)/\($0)" }
                : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                target.run(data)
                count += 1
            }
        }
        return count
    }
}
