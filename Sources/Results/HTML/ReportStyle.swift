/// The report's inline stylesheet (no external fonts or resources).
enum ReportStyle {
    static let css = """
        :root { --ink:#0f172a; --muted:#64748b; --line:#e2e8f0; --bg:#f8fafc; --card:#ffffff;
                --ok:#15803d; --ok-bg:#dcfce7; --bad:#b91c1c; --bad-bg:#fee2e2; --accent:#1f5fbf; }
        * { box-sizing: border-box; }
        body { margin:0; background:var(--bg); color:var(--ink);
               font:14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        header.top { background:var(--ink); color:#f1f5f9; padding:20px 32px 16px; }
        header.top h1 { margin:0; font-size:22px; font-weight:600; letter-spacing:.2px; }
        header.top h1 .profile { color:#93c5fd; }
        header.top .meta { margin-top:6px; color:#cbd5e1; font-size:13px; display:flex; flex-wrap:wrap; gap:4px 20px; }
        header.top .meta b { color:#f8fafc; font-weight:500; }
        .status { display:inline-block; margin-left:12px; padding:2px 10px; border-radius:999px; font-size:13px;
                  font-weight:700; vertical-align:middle; letter-spacing:.5px; }
        .status.pass { background:var(--ok-bg); color:var(--ok); }
        .status.fail { background:var(--bad-bg); color:var(--bad); }
        .status.warn { background:#fef3c7; color:#92400e; }
        .banner { margin-top:20px; padding:12px 16px; border-radius:8px; background:#fef3c7; color:#78350f;
                  border:1px solid #f59e0b; font-size:14px; }
        nav { background:#1e293b; padding:6px 32px; display:flex; flex-wrap:wrap; gap:4px 18px; }
        nav a { color:#cbd5e1; text-decoration:none; font-size:13px; }
        nav a:hover { color:#fff; text-decoration:underline; }
        main { max-width:1240px; margin:0 auto; padding:8px 32px 40px; }
        section { margin-top:28px; }
        h2 { font-size:17px; margin:0 0 12px; padding-bottom:6px; border-bottom:1px solid var(--line); }
        h3 { font-size:15px; margin:18px 0 8px; }
        .cards { display:grid; grid-template-columns:repeat(auto-fit, minmax(150px, 1fr)); gap:12px; }
        .card { background:var(--card); border:1px solid var(--line); border-radius:8px; padding:12px 14px; }
        .card .label { color:var(--muted); font-size:12px; text-transform:uppercase; letter-spacing:.6px; }
        .card .value { font-size:22px; font-weight:600; margin-top:2px; font-variant-numeric:tabular-nums; }
        .card .sub { color:var(--muted); font-size:12px; }
        .card.bad .value { color:var(--bad); }
        .card.good .value { color:var(--ok); }
        table { border-collapse:collapse; width:100%; background:var(--card); border:1px solid var(--line);
                border-radius:8px; overflow:hidden; }
        th, td { padding:6px 10px; border-bottom:1px solid var(--line); text-align:left; vertical-align:top; }
        th { background:#f1f5f9; font-size:12px; color:#334155; font-weight:600; white-space:nowrap; }
        tr:last-child td { border-bottom:none; }
        td.num, th.num { text-align:right; font-variant-numeric:tabular-nums; white-space:nowrap; }
        tr.total td { font-weight:600; background:#f8fafc; }
        code, .mono { font-family:ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size:12.5px; }
        td.wrap { word-break:break-word; max-width:360px; }
        .pill { display:inline-block; padding:1px 8px; border-radius:999px; font-size:12px; font-weight:700; }
        .pill.pass { background:var(--ok-bg); color:var(--ok); }
        .pill.fail { background:var(--bad-bg); color:var(--bad); }
        .note { color:var(--muted); font-size:13px; }
        .charts { display:grid; grid-template-columns:repeat(auto-fill, minmax(460px, 1fr)); gap:14px; }
        figure { margin:0; background:var(--card); border:1px solid var(--line); border-radius:8px; padding:10px 10px 4px; }
        figcaption { font-weight:600; font-size:13px; margin:0 0 4px 6px; }
        svg.chart { width:100%; height:auto; display:block; }
        svg.chart .plot { fill:#fff; stroke:#cbd5e1; }
        svg.chart .grid { stroke:#eef2f7; stroke-width:1; }
        svg.chart .tick { font-size:12px; fill:#475569; }
        svg.chart .legend { font-size:12.5px; fill:#1e293b; }
        svg.chart .axis-title { font-size:12.5px; fill:#334155; }
        details.op { background:var(--card); border:1px solid var(--line); border-radius:8px; margin-top:12px; }
        details.op > summary { cursor:pointer; padding:10px 14px; font-weight:600; list-style-position:inside; }
        details.op > summary .facts { font-weight:400; color:var(--muted); margin-left:10px; font-size:13px; }
        details.op .body { padding:0 14px 14px; }
        .op-grid { display:grid; grid-template-columns:minmax(0, 3fr) minmax(0, 2fr); gap:14px; align-items:start; }
        td.codename { overflow-wrap:anywhere; font-size:11.5px; }
        .bar { background:#e2e8f0; border-radius:3px; height:10px; min-width:80px; }
        .bar > span { display:block; height:10px; border-radius:3px; background:var(--accent); }
        .bar > span.err { background:#e07b00; }
        .bar > span.bad { background:var(--bad); }
        .bar > span.muted { background:#94a3b8; }
        tr.apart td { border-top:2px solid var(--line); color:var(--muted); }
        .bad { color:var(--bad); }
        details.op.failing { border-color:#fca5a5; }
        pre.example { margin:0; padding:6px 8px; background:#f1f5f9; border-radius:4px; white-space:pre-wrap;
                      overflow-wrap:anywhere; max-height:160px; overflow:auto; font-size:12px; }
        .legend-note { margin:4px 6px 6px; }
        table + h3, table + table { margin-top:14px; }
        footer { max-width:1240px; margin:0 auto; padding:0 32px 32px; color:var(--muted); font-size:12.5px; }
        a { color:var(--accent); }
        @media (max-width: 800px) { .op-grid { grid-template-columns:1fr; } main, footer { padding-left:14px; padding-right:14px; } }
        @media print { nav { display:none; } details.op { break-inside:avoid; } }
        """
}
