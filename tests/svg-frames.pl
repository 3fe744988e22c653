#!/usr/bin/perl
# svg-frames.pl: list the frames of a flame graph as "PATH<TAB>SAMPLES" lines,
# sorted, where PATH is the frame's names from the root ("all;main;foo").
#
#   svg-frames.pl svg FILE.svg    from an SVG: flametui's or flamegraph.pl's.
#       Each frame's name and samples come from its <title> (flamegraph.pl)
#       or from the names and framedata metadata (flametui); its parent is
#       found by geometry (the frame one level down whose x range holds it),
#       so the frames may come in any order. Draw wide enough that every
#       sample is at least a pixel.
#   svg-frames.pl tree FILE.svg   from flametui's SVG, by document order:
#       frames come depth first, so a frame's parent is the last frame
#       before it one level down. Works at any width.
#   svg-frames.pl fold FILE       from folded stacks (flametui --fold): every
#       prefix of every stack, with the samples of the stacks under it.
#   svg-frames.pl titles FILE.svg from flametui's SVG, in document order: a
#       line a frame, "TITLE<TAB>MARKUP", TITLE the details its script shows
#       ("name (N samples, P%)", names unescaped) and MARKUP the frame's
#       <rect> (with its <title>, if any) and <text> as in the file.
#       tests/svg-browser.sh checks that the script shows these same
#       titles. In every mode, a <title> in the file must be that title.
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

# The text of XML character data.
sub unxml {
	my $s = shift;
	$s =~ s/&lt;/</g;
	$s =~ s/&gt;/>/g;
	$s =~ s/&quot;/"/g;
	$s =~ s/&amp;/&/g;
	return $s;
}

# A count with thousands separators, as the script shows it.
sub commas {
	my ($int, $frac) = $_[0] =~ /^(\d+)(.*)$/ or die "bad count: $_[0]\n";
	1 while $int =~ s/^(\d+)(\d{3})/$1,$2/;
	return "$int$frac";
}

# A count of a unit as the script shows it: a time in its largest unit.
my %ns = (nanoseconds => 1, microseconds => 1e3, milliseconds => 1e6,
    seconds => 1e9);
sub amount {
	my ($n, $unit) = @_;
	return commas($n) . " $unit" unless exists $ns{$unit};
	my ($x, $i) = ($n * $ns{$unit}, 0);
	while ($i < 3 && $x >= 1000) {
		$x /= 1000;
		$i++;
	}
	return commas(sprintf("%.*f", $i ? 1 : 0, $x)) . " " .
	    (qw(ns us ms s))[$i];
}

# The frames of flametui's SVG (document and names text given): each <rect>
# of #frames with its label, and its line of framedata.
sub flametui_frames {
	my ($doc, $names) = @_;
	my @names = map { unxml($_) } split /\n/, $names, -1;
	my ($attrs) = $doc =~ m{<g id="frames"([^>]*)>} or die "no #frames\n";
	my ($unit) = $attrs =~ /data-unit="([^"]*)"/ or die "no data-unit\n";
	$unit = unxml($unit);
	my ($other) = $attrs =~ /data-other="([^"]*)"/;
	$other = unxml($other) if defined $other;
	my ($data) = $doc =~ m{<metadata id="framedata">([^<]*)</metadata>}
	    or die "no framedata\n";
	my @data = split /\n/, $data;
	my ($body) = $doc =~ m{<g id="frames"[^>]*>\n(.*?)</g>\n}s
	    or die "no frames\n";
	my (@fr, $all);
	while ($body =~ m{\G(<rect\ ([^>]*?)
	    (?:/>|><title>([^<]*)</title></rect>)
	    (?:<text\ [^>]*>[^<]*</text>)?)\n}gcx) {
		my ($markup, $attrs, $intitle) = ($1, $2, $3);
		my %a = $attrs =~ /(\w+)="([^"]*)"/g;
		my $line = shift @data // die "framedata too short\n";
		my ($ni, $n, $gap, $delta) = split / /, $line;
		my $samples;
		($samples, $delta) = ($delta, undef) if defined $other;
		die "bad framedata line: $line\n"
		    unless defined $n && defined $names[$ni];
		$all //= $n;
		my $title = "$names[$ni] (" . amount($n, $unit) . ", ";
		$title .= amount($samples, $other) . ", " if defined $other;
		if (!@fr) {
			$title .= "100%)";
		} else {
			$title .= sprintf "%.2f%%", $all > 0 ? 100 * $n / $all : 0;
			if (defined $delta) {
				my $d = $all > 0 ? 100 * $delta / $all : 0;
				$title .= sprintf "; %s%.2f%%", $d > 0 ? "+" : "", $d;
			}
			$title .= ")";
		}
		die "<title>$intitle</title> is not the script's $title\n"
		    if defined $intitle && unxml($intitle) ne $title;
		push @fr, { name => $names[$ni], n => $n, x => $a{x},
		    w => $a{width}, y => $a{y}, title => $title,
		    markup => $markup };
	}
	die "frames not all read\n" if (pos($body) // 0) != length $body;
	die "framedata has lines left\n" if @data;
	return @fr;
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
	if ($doc =~ m{<metadata id="names">([^<]*)</metadata>}) {
		@fr = flametui_frames($doc, $1);
	} else {
		while ($doc =~ m{<g\b[^>]*>\s*<title>([^<]*)</title>\s*<rect\s([^>]*)>}g) {
			my ($title, $attrs) = ($1, $2);
			my %a = $attrs =~ /(\w+)="([^"]*)"/g;
			$title =~ /^(.*) \(([\d,.]+) [^(]*\)$/
			    or die "bad title: $title\n";
			my ($name, $n) = ($1, $2);
			$n =~ s/,//g;
			push @fr, { name => unxml($name), n => $n, x => $a{x},
			    w => $a{width}, y => $a{y} };
		}
	}
	if ($mode eq 'titles') {
		print "$_->{title}\t$_->{markup}\n" for @fr;
		exit 0;
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
