import ProjectStore

extension ErrorReport {
    /// What a version command refused, in words; each says nothing was changed.
    static func describe(_ problem: VersionError, _ l: Localizer) -> String {
        switch problem {
        case .notText(let file):
            l.text("error.versions.not-text", ["file": TerminalText.visible(file)])
        case .outsideProject(let file):
            l.text("error.versions.outside", ["file": TerminalText.visible(file)])
        case .noFile(let file):
            l.text("error.versions.no-file", ["file": TerminalText.visible(file)])
        case .unknownVersion(let file, _, 0):
            l.text("error.versions.none-yet", ["file": TerminalText.visible(file)])
        case .unknownVersion(let file, let name, let count):
            l.text("error.versions.unknown", count: count, ["file": TerminalText.visible(file), "version": TerminalText.visible(name), "count": String(count)])
        case .versionOfOneFile(let count):
            l.text("error.versions.of-one-file", ["count": String(count)])
        case .unreadable(let path, let code):
            l.text("error.versions.unreadable", ["path": path, "reason": systemMessage(code, l)])
        case .unwritable(let path, let code):
            l.text("error.versions.unwritable", ["path": path, "reason": systemMessage(code, l)])
        case .keptText(let path, let problem):
            l.text("error.versions.kept-text", ["path": TerminalText.visible(path), "problem": describe(problem, l)])
        case .linkedFolder(let path):
            l.text("error.versions.linked-folder", ["path": TerminalText.visible(path)])
        case .failingTexts(let count):
            l.text("error.versions.failing-texts", count: count, ["count": String(count)])
        case .busy(let path):
            l.text("error.versions.busy", ["path": TerminalText.visible(path)])
        }
    }

    /// What stands where a kept text should be, as the end of a sentence naming it.
    static func describe(_ problem: KeptTextProblem, _ l: Localizer) -> String {
        switch problem {
        case .missing: l.text("versions.text.missing")
        case .link: l.text("versions.text.link")
        case .notAFile: l.text("versions.text.not-a-file")
        case .tooLarge: l.text("versions.text.too-large")
        case .changed: l.text("versions.text.changed")
        }
    }
}
