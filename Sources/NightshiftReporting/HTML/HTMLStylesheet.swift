/// `report.css`: the report's only styling, a file beside the page (`style-src 'self'`). The
/// timeline's offsets and widths are one class per whole percent, 0 to 100, written out here.
enum HTMLStylesheet {
    static let text: String = base + (0...100).map { "\n.at-\($0) { margin-left: \($0)%; }\n.w-\($0) { width: \($0)%; }" }.joined() + "\n"

    private static let base = """
        :root {
          --ink: #1f2328; --muted: #656d76; --line: #d0d7de; --paper: #ffffff; --panel: #f6f8fa;
          --red: #cf222e; --red-bg: #ffebe9; --green: #1a7f37; --green-bg: #dafbe1;
          --amber: #9a6700; --amber-bg: #fff8c5; --grey: #8c959f; --blue: #0969da;
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--panel); color: var(--ink);
          font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; }
        main { max-width: 1080px; margin: 0 auto; padding: 24px 20px 48px; }
        h1 { font-size: 24px; margin: 0 0 4px; }
        h2 { font-size: 20px; margin: 0 0 12px; }
        h3 { font-size: 16px; margin: 24px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
        h4 { font-size: 15px; margin: 16px 0 6px; }
        a { color: var(--blue); }
        pre, code { font: 12.5px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
        .meta { color: var(--muted); margin: 4px 0; }
        .omitted { color: var(--muted); font-style: italic; margin: 4px 0; }
        header.run { margin: 8px 0 20px; }

        .failure { background: var(--paper); border: 1px solid var(--red); border-left: 8px solid var(--red);
          border-radius: 6px; padding: 16px 20px; margin-bottom: 20px; }
        .failure h2 { color: var(--red); }
        .failure .reason { font-size: 18px; font-weight: 600; margin: 8px 0; white-space: pre-wrap; overflow-wrap: anywhere; }

        .test-outcomes { background: var(--paper); border: 1px solid var(--line); border-radius: 6px; padding: 16px 20px;
          margin-bottom: 20px; }
        .test-outcomes ul { list-style: none; margin: 0 0 12px; padding: 0; }
        .test-outcomes li { padding: 6px 0; border-top: 1px solid var(--line); }
        .test-outcomes .name { font-weight: 600; overflow-wrap: anywhere; }
        .test-outcomes .reason { margin: 2px 0 0; white-space: pre-wrap; overflow-wrap: anywhere;
          font: 12.5px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
        ul.failed-tests .reason { color: var(--red); }
        ul.skipped-tests .reason { color: var(--muted); }

        .lane { background: var(--paper); border: 1px solid var(--line); border-radius: 6px; padding: 16px 20px; margin-bottom: 20px; }
        .badge { display: inline-block; font-size: 12px; font-weight: 600; line-height: 18px; padding: 1px 8px; border-radius: 10px;
          background: var(--panel); color: var(--muted); border: 1px solid var(--line); vertical-align: middle; white-space: nowrap; }
        .badge.s-passed, .badge.s-reused { background: var(--green-bg); color: var(--green); border-color: var(--green); }
        .badge.s-failed, .badge.s-timed-out, .badge.s-interrupted { background: var(--red-bg); color: var(--red); border-color: var(--red); }
        .badge.s-failed-ignored, .badge.s-passed-with-warnings { background: var(--amber-bg); color: var(--amber); border-color: var(--amber); }

        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 8px 0; }
        dl.facts dt { color: var(--muted); }
        dl.facts dd { margin: 0; overflow-wrap: anywhere; }

        ol.timeline { list-style: none; margin: 0; padding: 0; }
        ol.timeline .row { display: grid; grid-template-columns: minmax(120px, 28%) 1fr 72px; gap: 12px; align-items: center;
          padding: 2px 0; }
        ol.timeline .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        ol.timeline .time { color: var(--muted); text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .track { display: block; height: 14px; background: var(--panel); border-radius: 3px; overflow: hidden; }
        .bar { display: block; height: 100%; border-radius: 3px; background: var(--grey); }
        .bar.s-passed, .bar.s-reused, .bar.covered { background: var(--green); }
        .bar.s-failed, .bar.s-timed-out, .bar.s-interrupted { background: var(--red); }
        .bar.s-failed-ignored { background: var(--amber); }

        details.step { border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; background: var(--paper); }
        details.step > summary { cursor: pointer; padding: 6px 10px; display: flex; gap: 10px; align-items: center; }
        details.step > summary { list-style: none; }
        details.step > summary::-webkit-details-marker { display: none; }
        details.step > summary::before { content: "▸"; color: var(--muted); width: 10px; }
        details.step[open] > summary::before { content: "▾"; }
        details.step > summary .name { font-weight: 600; flex: 1; overflow-wrap: anywhere; }
        details.step > summary .kind { color: var(--muted); font-size: 13px; }
        details.step > summary .time { color: var(--muted); font-variant-numeric: tabular-nums; }
        details.step > :not(summary) { margin-left: 12px; margin-right: 12px; }
        details.step.s-failed, details.step.s-timed-out, details.step.s-interrupted { border-color: var(--red); }
        details.step .message { font-weight: 600; white-space: pre-wrap; overflow-wrap: anywhere; }
        pre.output { background: #0d1117; color: #e6edf3; padding: 10px 12px; border-radius: 6px; overflow: auto; max-height: 480px;
          white-space: pre-wrap; overflow-wrap: anywhere; }
        p.log { margin: 6px 0 10px; }

        .counts { display: flex; flex-wrap: wrap; gap: 8px; margin: 6px 0; }
        .count { font-weight: 600; }
        .count-failed { color: var(--red); }
        .count-flaky { color: var(--amber); }
        .count-passed { color: var(--green); }
        .count-skipped { color: var(--muted); }
        .coverage { display: grid; grid-template-columns: max-content 1fr; gap: 12px; align-items: center; max-width: 520px; }
        table.tests { border-collapse: collapse; width: 100%; margin: 6px 0; font-size: 14px; }
        table.tests th, table.tests td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
        table.tests td.name { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px;
          overflow-wrap: anywhere; }
        table.tests tr.s-failed td { color: var(--red); font-weight: 600; }
        table.tests tr.s-flaky td { color: var(--amber); }
        table.tests tr.s-skipped td, table.tests tr.s-expected-failure td { color: var(--muted); }
        """
}
