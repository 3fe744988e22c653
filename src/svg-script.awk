# svg-script.awk: turn src/svg-script.js into a C string, svg_script[],
# without indentation and comment lines, which the SVG does not need.
BEGIN { print "/* Generated from svg-script.js by svg-script.awk. */"
	print "static const char svg_script[] =" }
{
	sub(/^[ \t]+/, "")
	if ($0 ~ /^\/\//)
		next
	gsub(/\\/, "\\\\")
	gsub(/"/, "\\\"")
	print "\t\"" $0 "\\n\""
}
END { print ";" }
