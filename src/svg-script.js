// The script of flametui's SVG flame graphs: hover, zoom, search, and the
// state kept in the URL. It runs at the end of the document, once every
// frame is there. It reads frame names only as text and never evaluates them.
"use strict";
(function () {
	var NS = "http://www.w3.org/2000/svg";
	var frames = document.getElementById("frames");
	var details = document.getElementById("details").firstChild;
	var unzoombtn = document.getElementById("unzoom");
	var searchbtn = document.getElementById("search");
	var icbtn = document.getElementById("ignorecase");
	var matched = document.getElementById("matched");

	function num(name) {
		return parseFloat(frames.getAttribute(name));
	}
	var xpad = num("data-xpad");
	var fullw = num("data-width") - 2 * xpad;
	var charw = num("data-fontsize") * num("data-fontwidth");
	var nametype = frames.getAttribute("data-nametype");
	var searchcolor = frames.getAttribute("data-searchcolor");

	// One entry per frame, in document (depth-first) order; a frame's
	// name and counts come from the metadata, a line each.
	var rect = [], label = [], line = [], name = [], count = [];
	var samples = [];
	var delta = [], off = [], up = [], end = [], fill = [], hit = [];
	var ox = [];
	var cpi = num("data-cpi") === 1;	// delta[] is instructions
	var names = document.getElementById("names").textContent.split("\n");
	var top = num("data-top");	// the first frame that is not an ancestor
	var unit = frames.getAttribute("data-unit");
	var other = frames.getAttribute("data-other");	// the samples, or null
	var others = [];
	var zoomed = -1;	// the frame zoomed to, -1 for none
	var term = null;	// the search, null for none
	var icase = false;

	// Read the frames and rebuild the tree: a frame's parent is the
	// nearest frame before it one level down.
	(function () {
		var kids = frames.children, data, chain = [], cursor = [], i, j;
		var e, f, d, y, y0 = null, fh = num("data-frameheight");
		var inv = num("data-inverted") === 1;

		data = document.getElementById("framedata").textContent
		    .split("\n");
		for (j = 0; j < kids.length; j++) {
			e = kids[j];
			if (e.tagName !== "rect") {
				label[rect.length - 1] = e;
				continue;
			}
			i = rect.length;
			e.flametuiIndex = i;
			rect.push(e);
			label.push(null);
			f = data[i].split(" ");
			line.push(parseInt(f[0], 10));
			name.push(names[line[i]]);
			count.push(f[1]);
			samples.push(parseFloat(f[1]));
			delta.push(f.length > 3 && other === null ?
			    parseFloat(f[3]) : null);
			others.push(other !== null || cpi ? f[3] : null);
			fill.push(e.getAttribute("fill"));
			ox.push(e.getAttribute("x"));
			hit.push(false);
			y = parseFloat(e.getAttribute("y"));
			if (y0 === null)
				y0 = y;
			d = Math.round((inv ? y - y0 : y0 - y) / fh);
			while (chain.length > d)
				end[chain.pop()] = i;
			up.push(chain.length > 0 ? chain[chain.length - 1] : -1);
			if (up[i] < 0 || up[i] < top)
				off.push(0);
			else {
				off.push(cursor[up[i]] +
				    (f.length > 2 ? parseFloat(f[2]) : 0));
				cursor[up[i]] = off[i] + samples[i];
			}
			cursor.push(off[i]);
			chain.push(i);
		}
		while (chain.length > 0)
			end[chain.pop()] = rect.length;
	})();

	// x with n decimals, as C's printf("%.*f"): a tie (x * 2^(n+1) odd,
	// as 0.125 for two) goes to the even digit, where toFixed() would
	// round up.
	function fixed(x, n) {
		var a = Math.abs(x), k = Math.pow(10, n), t = a * k;
		var lo = Math.floor(t);

		if (t - lo === 0.5 && (a * Math.pow(2, n + 1)) % 2 === 1 &&
		    lo % 2 === 0)
			return (x < 0 ? "-" : "") + (lo / k).toFixed(n);
		return x.toFixed(n);
	}

	// A count with thousands separators: 1,234,567.5
	function commas(s) {
		var k = s.indexOf("."), i, r = "";

		if (k < 0)
			k = s.length;
		for (i = 0; i < k; i++) {
			if (i > 0 && (k - i) % 3 === 0)
				r += ",";
			r += s.charAt(i);
		}
		return r + s.substring(k);
	}

	// A count s of unit u for people, as flametui's num_fmt() writes it:
	// "1,234 samples", a time in its largest unit ("124.6 s").
	var times = { nanoseconds: 1, microseconds: 1e3, milliseconds: 1e6,
	    seconds: 1e9 };
	function amount(s, u) {
		var x, i = 0, names = ["ns", "us", "ms", "s"];

		if (!times.hasOwnProperty(u))
			return commas(s) + " " + u;
		x = parseFloat(s) * times[u];
		while (i < 3 && x >= 1000) {
			x /= 1000;
			i++;
		}
		return commas(fixed(x, i === 0 ? 0 : 1)) + " " + names[i];
	}

	// A CPI graph's details of frame i: its cycles (its count), its
	// instructions (framedata's last field), and their ratios.
	function cpititle(i) {
		var c = samples[i], n = delta[i];

		return "; cycles " + commas(count[i]) + ", instructions " +
		    commas(others[i]) + ", CPI " + (n > 0 ? fixed(c / n, 2) :
		    "-") + ", IPC " + (c > 0 ? fixed(n / c, 2) : "-");
	}

	// Frame i's details: "name (N samples, P%)", and the change of a
	// differential graph, as flamegraph.pl's titles, or a CPI graph's
	// cycles and instructions.
	function title(i) {
		var t = name[i] + " (" + amount(count[i], unit) + ", ";
		var all = samples[0], d;

		if (cpi)
			return t + (i === 0 ? "100" : fixed(all > 0 ?
			    100 * samples[i] / all : 0, 2)) + "%" + cpititle(i) + ")";
		if (others[i] !== null)
			t += amount(others[i], other) + ", ";
		if (i === 0)
			return t + "100%)";
		t += fixed(all > 0 ? 100 * samples[i] / all : 0, 2) + "%";
		if (delta[i] !== null) {
			d = all > 0 ? 100 * delta[i] / all : 0;
			t += "; " + (d > 0 ? "+" : "") + fixed(d, 2) + "%";
		}
		return t + ")";
	}

	// Show as much of a frame's name as fits in its width.
	function relabel(i, x, w, y) {
		var n = Math.floor(w / charw), s = name[i], t = label[i];

		if (n < 3)
			s = "";
		else if (s.length > n)
			s = s.substring(0, n - 2) + "..";
		if (t === null) {
			if (s === "")
				return;
			t = document.createElementNS(NS, "text");
			t.setAttribute("y", (y + 3 + parseFloat(
			    rect[i].getAttribute("height")) / 2).toFixed(1));
			frames.insertBefore(t, rect[i].nextSibling);
			label[i] = t;
		}
		t.setAttribute("x", (x + 3).toFixed(1));
		t.textContent = s;
	}

	// Set or clear a class on frame i: its rect and its label.
	function set_class(i, cls) {
		var e = [rect[i], label[i]], k;

		for (k = 0; k < 2; k++) {
			if (e[k] === null)
				continue;
			if (cls === null)
				e[k].removeAttribute("class");
			else
				e[k].setAttribute("class", cls);
		}
	}

	// Place frame i at x, w pixels wide.
	function place(i, x, w, cls) {
		var r = rect[i];

		r.setAttribute("x", x.toFixed(1));
		r.setAttribute("width", w.toFixed(1));
		relabel(i, x, w, parseFloat(r.getAttribute("y")));
		set_class(i, cls);
	}

	// Show frame v's subtree across the whole width, its ancestors below
	// it at full width, and hide the rest.
	function show(v) {
		var ratio = samples[v] > 0 ? fullw / samples[v] : 0, i, a;

		for (i = 0; i < rect.length; i++) {
			if (i >= v && i < end[v])
				place(i, xpad + (off[i] - off[v]) * ratio,
				    samples[i] * ratio, null);
			else
				set_class(i, "hide");
		}
		for (a = up[v]; a >= 0; a = up[a])
			place(a, xpad, fullw, "parent");
	}

	function zoom(i) {
		if (i <= top) {
			unzoom();
			return;
		}
		zoomed = i;
		unzoombtn.removeAttribute("class");
		show(i);
		update();
	}

	function unzoom() {
		zoomed = -1;
		unzoombtn.setAttribute("class", "hide");
		if (rect.length > 0)
			show(top);
		update();
	}

	// Colour the frames matching the search and show Matched %.
	function search() {
		var re = null, i, v, h, sum = 0, pct, known = [];

		if (term !== null) {
			try {
				re = new RegExp(term, icase ? "i" : "");
			} catch (err) {
				re = null;
			}
		}
		// Match each distinct name once, and touch only the frames
		// whose colour changes: a big graph has hundreds of thousands.
		for (i = 0; i < rect.length; i++) {
			h = false;
			if (re !== null) {
				h = known[line[i]];
				if (h === undefined)
					h = known[line[i]] = re.test(name[i]);
			}
			if (h !== hit[i]) {
				hit[i] = h;
				rect[i].setAttribute("fill", h ? searchcolor :
				    fill[i]);
			}
		}
		if (term === null) {
			searchbtn.removeAttribute("class");
			searchbtn.firstChild.nodeValue = "Search";
			matched.firstChild.nodeValue = " ";
			return;
		}
		searchbtn.setAttribute("class", "show");
		searchbtn.firstChild.nodeValue = "Reset Search";
		if (re === null) {
			matched.firstChild.nodeValue = "Bad regex";
			return;
		}
		// Samples under a match, each counted once, in the view.
		v = zoomed >= 0 ? zoomed : top;
		for (i = v; i < end[v]; )
			if (hit[i]) {
				sum += samples[i];
				i = end[i];
			} else
				i++;
		pct = samples[v] > 0 ? 100 * sum / samples[v] : 0;
		matched.firstChild.nodeValue = "Matched: " +
		    (pct === 100 ? "100" : pct.toFixed(1)) + "%";
	}

	// Keep the zoom and the search in the URL, as flamegraph.pl does.
	function update() {
		var u, r;

		search();
		try {
			u = new URL(window.location.href);
			["x", "y", "s", "i"].forEach(function (k) {
				u.searchParams.delete(k);
			});
			if (zoomed >= 0) {
				r = rect[zoomed];
				u.searchParams.set("x", ox[zoomed]);
				u.searchParams.set("y", r.getAttribute("y"));
			}
			if (term !== null)
				u.searchParams.set("s", term);
			if (icase)
				u.searchParams.set("i", "1");
			if (u.href !== window.location.href)
				window.history.replaceState(null, "", u.href);
		} catch (err) {
			// A viewer without history: keep the state here only.
		}
	}

	function search_prompt() {
		var t;

		if (term !== null) {
			term = null;
			update();
			return;
		}
		t = window.prompt("Search for a regular expression" +
		    (icase ? ", ignoring case" : "") +
		    " (Ctrl-I toggles case)", "");
		if (t !== null && t !== "") {
			term = t;
			update();
		}
	}

	function toggle_case() {
		icase = !icase;
		if (icase)
			icbtn.setAttribute("class", "show");
		else
			icbtn.removeAttribute("class");
		update();
	}

	// The frame whose rect e is (or is in, as its title), or -1.
	function frame_of(e) {
		while (e && e.parentNode !== frames) {
			if (e === document.documentElement)
				return -1;
			e = e.parentNode;
		}
		return e && e.flametuiIndex !== undefined ? e.flametuiIndex : -1;
	}

	frames.addEventListener("click", function (ev) {
		var i = frame_of(ev.target);

		if (i >= 0)
			zoom(i);
	});
	frames.addEventListener("mouseover", function (ev) {
		var i = frame_of(ev.target);

		var t;

		if (i < 0)
			return;
		details.nodeValue = nametype + " " + title(i);
		// The browser's tooltip, made the first time it is needed.
		if (rect[i].firstChild === null) {
			t = document.createElementNS(NS, "title");
			t.textContent = title(i);
			rect[i].appendChild(t);
		}
	});
	frames.addEventListener("mouseout", function () {
		details.nodeValue = " ";
	});
	unzoombtn.addEventListener("click", unzoom);
	searchbtn.addEventListener("click", search_prompt);
	icbtn.addEventListener("click", toggle_case);
	window.addEventListener("keydown", function (ev) {
		if (ev.keyCode === 114 || (ev.ctrlKey && ev.keyCode === 70)) {
			ev.preventDefault();
			search_prompt();
		} else if (ev.ctrlKey && ev.keyCode === 73) {
			ev.preventDefault();
			toggle_case();
		} else if (ev.keyCode === 27)
			unzoom();
	});

	// The state to start in: the URL's, else the file's own search.
	(function () {
		var q, x, y, i;

		try {
			q = new URL(window.location.href).searchParams;
		} catch (err) {
			q = null;
		}
		if (q !== null && q.get("s") !== null && q.get("s") !== "") {
			term = q.get("s");
			icase = q.get("i") === "1";
		} else if (frames.getAttribute("data-search") !== null) {
			term = frames.getAttribute("data-search");
			icase = frames.getAttribute("data-icase") === "1";
		}
		if (icase)
			icbtn.setAttribute("class", "show");
		x = q !== null ? q.get("x") : null;
		y = q !== null ? q.get("y") : null;
		if (x !== null && y !== null) {
			for (i = top; i < rect.length; i++)
				if (ox[i] === x &&
				    rect[i].getAttribute("y") === y) {
					zoom(i);
					return;
				}
		}
		update();
	})();
})();
