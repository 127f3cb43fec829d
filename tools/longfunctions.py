#!/usr/bin/env python3
"""Lists the source files over 800 lines and the functions over 150 lines under the given dirs.

A function is found as a line that opens a brace at column 0 after a signature, or a lambda or
member body indented one level; the count is from the signature line to the matching close.
Used by the layering test's size check and by hand: tools/longfunctions.py src
"""
import os
import re
import sys

MAX_FILE = 800
MAX_FUNCTION = 150


def strip_literals(line):
    """The line without string and character literals and without a // comment."""
    line = re.sub(r"'(\\.|[^'\\])'", "''", line)
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    return line.split('//')[0]


def functions(lines):
    """Yields (name, start, length) for top-level and class-member function bodies."""
    i = 0
    n = len(lines)
    while i < n:
        line = lines[i]
        m = re.match(r'^( {0,4})\{\s*$', line)
        if m and i > 0:
            indent = m.group(1)
            # The signature starts at the nearest line above at the same indent; a type's or a
            # namespace's body, or an initialiser, is not a function.
            j = i - 1
            while j > 0 and not re.match(r'^' + indent + r'\S', lines[j]):
                j -= 1
            head = lines[j].strip()
            if (re.match(r'^(namespace|class|struct|enum|union)\b', head) or head.endswith('=')
                    or '(' not in ' '.join(x.strip() for x in lines[j:i])):
                i += 1
                continue
            depth = 0
            k = i
            while k < n:
                code = strip_literals(lines[k])
                depth += code.count('{') - code.count('}')
                if depth <= 0:
                    break
                k += 1
            yield lines[j].strip(), j + 1, k - j + 1
            i = k + 1
            continue
        i += 1


def main(roots):
    bad = 0
    for root in roots:
        for dirpath, _, files in os.walk(root):
            for name in sorted(files):
                if not name.endswith(('.cpp', '.h')):
                    continue
                path = os.path.join(dirpath, name)
                with open(path, encoding='utf-8') as f:
                    lines = f.read().split('\n')
                if len(lines) - 1 > MAX_FILE:
                    print(f'{path}: {len(lines) - 1} lines (over {MAX_FILE})')
                    bad += 1
                for sig, start, length in functions(lines):
                    if length > MAX_FUNCTION:
                        print(f'{path}:{start}: {length} lines: {sig[:80]}')
                        bad += 1
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:] or ['src']))
