// work.js: the workload behind node.cpuprofile and node-trace.json (see
// record.sh). hot() takes about four times the time of warm().
function hot(n) {
	let s = 0;
	for (let i = 0; i < n; i++)
		s += Math.sqrt(i) * Math.sin(i);
	return s;
}

function warm(n) {
	let s = 0;
	for (let i = 0; i < n; i++)
		s += i % 7;
	return s;
}

function run(ms) {
	const end = Date.now() + ms;
	let x = 0;
	while (Date.now() < end) {
		x += hot(20000);
		x += warm(10000);
	}
	return x;
}

require('fs').writeFileSync(require('os').tmpdir() + '/flametui-work.txt',
    String(run(400)));
