#!/usr/bin/perl
# svg-frames.pl: list the frames of a flame graph as "PATH<TAB>SAMPLES" lines,
# sorted, where PATH is the frame's names from the root ("all;main;foo").
#
#   svg-frames.pl svg FILE.svg    from an SVG: flametui's or flamegraph.pl's.
#       Each frame's name and samples come from its <title>; its parent is
#       found by geometry (the frame one level down whose x range holds it),
#       so the frames may come in any order. Draw wide enough that every
#       sample is at least a pixel.
#   svg-frames.pl tree FILE.svg   from flametui's SVG, by document order:
#       frames come depth first, so a frame's parent is the last frame
#       before it one level down. Works at any width.
#   svg-frames.pl fold FILE       from folded stacks (flametui --fold): every
#       prefix of every stack, with the samples of the stacks under it.
use strict;
use warnings;

my ($mode, $file) = @ARGV;
open my $fh, '<', $file or die "$file: $!\n";
my %out;

sub num {
	my $s = sprintf "%.6f", shift;
	$s =~ s/\.?0+$//;
	return $s;
}

if ($mode eq 'fold') {
	while (<$fh>) {
		chomp;
		my ($stack, $n) = /^(.*) (\S+)$/ or die "bad line: $_\n";
		my $path = 'all';
		$out{$path} += $n;
		for my $f (split /;/, $stack, -1) {
			$path .= ";$f";
			$out{$path} += $n;
		}
	}
} else {
	local $/;
	my $doc = <$fh>;
	my @fr;
	while ($doc =~ m{<g\b[^>]*>\s*<title>([^<]*)</title>\s*<rect\s([^>]*)>}g) {
		my ($title, $attrs) = ($1, $2);
		my %a = $attrs =~ /(\w+)="([^"]*)"/g;
		$title =~ /^(.*) \(([\d,.]+) [^(]*\)$/ or die "bad title: $title\n";
		my ($name, $n) = ($1, $2);
		$n =~ s/,//g;
		for ($name) {
			s/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&amp;/&/g;
		}
		push @fr, { name => $name, n => $n, x => $a{x}, w => $a{width},
		    y => $a{y} };
	}
	# Depth by y: the root is the lowest frame, or the highest in an
	# icicle graph (the root is always the widest).
	my %ys = map { $_->{y} => 1 } @fr;
	my @ys = sort { $b <=> $a } keys %ys;
	my ($root) = sort { $b->{w} <=> $a->{w} } @fr;
	@ys = reverse @ys if $root->{y} == $ys[-1];
	my %depth;
	@depth{@ys} = 0 .. $#ys;
	my @level;
	push @{ $level[$depth{ $_->{y} }] }, $_ for @fr;
	if ($mode eq 'tree') {
		my @chain;
		for my $f (@fr) {
			my $d = $depth{ $f->{y} };
			$#chain = $d - 1;
			$f->{path} = join ';', (map { $_->{name} } @chain),
			    $f->{name};
			push @chain, $f;
		}
		@level = ();
	}
	for my $d (0 .. $#level) {
		for my $f (@{ $level[$d] }) {
			if ($d == 0) {
				$f->{path} = $f->{name};
				next;
			}
			my @p = grep { $_->{x} <= $f->{x} + 0.05 &&
			    $f->{x} + $f->{w} <= $_->{x} + $_->{w} + 0.15 }
			    @{ $level[$d - 1] };
			die "no single parent for $f->{name} at $f->{x}\n"
			    if @p != 1;
			$f->{path} = "$p[0]{path};$f->{name}";
		}
	}
	$out{ $_->{path} } += $_->{n} for @fr;
}
print "$_\t", num($out{$_}), "\n" for sort keys %out;
