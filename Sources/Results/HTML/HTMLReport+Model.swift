// The reference model's counts (desyncs, belief overflows, harness errors): shown only when one is
// non-zero, as an overview tile and a note listing the first harness errors.
extension HTMLReport {
    /// The overview tile: harness errors first (a harness bug), else belief overflows and desyncs.
    static func modelTile(_ model: ModelSummary) -> String {
        guard !model.isClean else { return "" }
        let (label, value) =
            model.harnessErrors > 0
            ? ("Harness errors", model.harnessErrors)
            : model.beliefOverflows > 0 ? ("Belief overflows", model.beliefOverflows) : ("Desyncs", model.desyncs)
        return "<div class=\"card bad\" id=\"model-tile\"><div class=\"label\">\(label)</div><div class=\"value\">"
            + HTMLText.escape(Formatting.count(value)) + "</div><div class=\"sub\">"
            + HTMLText.escape(model.headline) + "</div></div>"
    }

    /// The note under the tiles: what the counts mean, and the first harness errors.
    static func modelNote(_ model: ModelSummary) -> String {
        guard !model.isClean else { return "" }
        var html = "<p class=\"note\" id=\"model\">The reference model dropped episodes it could not follow: "
        html += HTMLText.escape(model.headline)
        html += ". These are not findings about the target (see <code>model</code> in summary.json).</p>\n"
        guard !model.harnessErrorExamples.isEmpty else { return html }
        html += "<ul class=\"note\">"
        for example in model.harnessErrorExamples {
            html += "<li class=\"mono\">harness error: \(HTMLText.escape(example))</li>"
        }
        if model.harnessErrors > model.harnessErrorExamples.count {
            html += "<li>… \(model.harnessErrors - model.harnessErrorExamples.count) more not listed</li>"
        }
        return html + "</ul>\n"
    }
}
