/*
 * gen-edge.c: writes edge.pb and bad-samples.pb, the pprof fixtures that Go
 * cannot be made to write: unsymbolized (mapping-only) locations, a
 * location with an inlined line, a function without a name, labels, a
 * default_sample_type, ids out of order; and (bad-samples.pb) samples with
 * an unknown location id, a negative value or too few values. Encoded with
 * protobuf-c from ../../src/pprof.proto; edge.pb was checked with
 * `go tool pprof -traces -sample_index=wall edge.pb`.
 *
 *   protoc-c --proto_path=../../src --c_out=. pprof.proto
 *   cc -o gen-edge gen-edge.c pprof.pb-c.c -lprotobuf-c && ./gen-edge
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pprof.pb-c.h"

typedef Perftools__Profiles__Profile Profile;
typedef Perftools__Profiles__ValueType ValueType;
typedef Perftools__Profiles__Sample Sample;
typedef Perftools__Profiles__Label Label;
typedef Perftools__Profiles__Mapping Mapping;
typedef Perftools__Profiles__Location Location;
typedef Perftools__Profiles__Line Line;
typedef Perftools__Profiles__Function Function;

static char *strings[] = {
	"", "samples", "count", "wall", "nanoseconds", "main", "compute",
	"helper", "/usr/lib/x86_64-linux-gnu/libc.so.6", "main.c", "phase",
	"warmup",
};
enum { S_SAMPLES = 1, S_COUNT, S_WALL, S_NS, S_MAIN, S_COMPUTE, S_HELPER,
	S_LIBC, S_FILE, S_PHASE, S_WARMUP };

static void
write_file(const char *path, Profile *p)
{
	size_t len = perftools__profiles__profile__get_packed_size(p);
	unsigned char *buf = malloc(len);
	FILE *f = fopen(path, "wb");

	perftools__profiles__profile__pack(p, buf);
	if (f == NULL || fwrite(buf, 1, len, f) != len || fclose(f) != 0) {
		perror(path);
		exit(1);
	}
	free(buf);
}

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

int
main(void)
{
	Profile p = PERFTOOLS__PROFILES__PROFILE__INIT;
	ValueType vt[2] = { PERFTOOLS__PROFILES__VALUE_TYPE__INIT,
	    PERFTOOLS__PROFILES__VALUE_TYPE__INIT }, *vtp[2] = { &vt[0], &vt[1] };
	Mapping m[2] = { PERFTOOLS__PROFILES__MAPPING__INIT,
	    PERFTOOLS__PROFILES__MAPPING__INIT }, *mp[2] = { &m[0], &m[1] };
	Function fn[4], *fnp[4];
	Line ln[5], *lnp[5];
	Location loc[6], *locp[6];
	Label lab = PERFTOOLS__PROFILES__LABEL__INIT, *labp = &lab;
	Sample s[9], *sp[9];
	/* Locations, leaf first, by id; then the values (samples, wall). */
	static uint64_t ids[9][3] = {
		{ 20, 10 }, { 30, 20, 10 }, { 40, 10 }, { 50 }, { 60, 10 },
		{ 10 }, { 99, 10 }, { 10 }, { 10 },
	};
	static size_t nids[9] = { 2, 3, 2, 1, 2, 1, 2, 1, 1 };
	static int64_t vals[9][2] = {
		{ 3, 30 }, { 2, 20 }, { 1, 10 }, { 1, 5 }, { 1, 7 }, { 0, 0 },
		{ 1, 1 }, { -1, -5 }, { 1 },
	};
	static size_t nvals[9] = { 2, 2, 2, 2, 2, 2, 2, 2, 1 };
	size_t i;

	vt[0].type = S_SAMPLES, vt[0].unit = S_COUNT;
	vt[1].type = S_WALL, vt[1].unit = S_NS;
	m[0].id = 2, m[0].memory_start = 0x7f0000000000;
	m[0].memory_limit = 0x7f0000200000, m[0].filename = S_LIBC;
	m[1].id = 1, m[1].memory_start = 0x1000, m[1].memory_limit = 0x9000;
	for (i = 0; i < 4; i++) {
		perftools__profiles__function__init(&fn[i]);
		fnp[i] = &fn[i];
		fn[i].id = 4 - i;	/* out of order on purpose */
		fn[i].filename = S_FILE;
	}
	fn[0].name = S_MAIN, fn[1].name = S_COMPUTE, fn[2].name = S_HELPER;
	fn[3].name = 0;			/* a function with no name */
	for (i = 0; i < 5; i++) {
		perftools__profiles__line__init(&ln[i]);
		lnp[i] = &ln[i];
	}
	ln[0].function_id = 4, ln[0].line = 10;		/* main */
	ln[1].function_id = 2, ln[1].line = 31;		/* helper, inlined */
	ln[2].function_id = 3, ln[2].line = 22;		/* into compute */
	ln[3].function_id = 1, ln[3].line = 0;		/* no name */
	for (i = 0; i < 6; i++) {
		perftools__profiles__location__init(&loc[i]);
		locp[i] = &loc[i];
		loc[i].id = 60 - 10 * i;
	}
	/* id 60: a nameless function in libc. */
	loc[0].mapping_id = 2, loc[0].address = 0x7f0000001234;
	loc[0].n_line = 1, loc[0].line = &lnp[3];
	/* id 50: nothing at all. */
	/* id 40: an address in a mapping without a file name. */
	loc[2].mapping_id = 1, loc[2].address = 0x4000;
	/* id 30: an address in libc. */
	loc[3].mapping_id = 2, loc[3].address = 0x7f0000005678;
	/* id 20: helper inlined into compute. */
	loc[4].address = 0x1100, loc[4].n_line = 2, loc[4].line = &lnp[1];
	/* id 10: main. */
	loc[5].address = 0x1010, loc[5].n_line = 1, loc[5].line = &lnp[0];
	lab.key = S_PHASE, lab.str = S_WARMUP;
	for (i = 0; i < 9; i++) {
		perftools__profiles__sample__init(&s[i]);
		sp[i] = &s[i];
		s[i].n_location_id = nids[i];
		s[i].location_id = ids[i];
		s[i].n_value = nvals[i];
		s[i].value = vals[i];
	}
	s[0].n_label = 1, s[0].label = &labp;

	p.n_sample_type = 2, p.sample_type = vtp;
	p.n_mapping = 2, p.mapping = mp;
	p.n_function = 4, p.function = fnp;
	p.n_location = 6, p.location = locp;
	p.n_string_table = NELEM(strings), p.string_table = strings;
	p.default_sample_type = S_WALL;
	p.period_type = &vt[1], p.period = 1000000;
	p.n_sample = 6, p.sample = sp;
	write_file("edge.pb", &p);
	p.n_sample = 9;
	write_file("bad-samples.pb", &p);
	return 0;
}
