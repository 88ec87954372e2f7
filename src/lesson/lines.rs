//! Where things are in a lesson file's text: the line each element of a top-level list starts
//! on, so a check of a fact, a note or a practice item can name its line (serde keeps no
//! positions once a value is read).

/// The 1-based line on which each element of the top-level array `key` starts, in order;
/// empty when the text has no such key at the top level. Strings and escapes are skipped, so
/// a brace or a key name inside a string is not counted.
pub fn element_lines(text: &str, key: &str) -> Vec<usize> {
    let mut lines = Vec::new();
    let (mut depth, mut line) = (0usize, 1usize);
    let (mut in_string, mut escaped) = (false, false);
    let mut string_start = 0;
    // The top-level key just read, and whether its array is the one being walked.
    let mut last_key: Option<(usize, usize)> = None;
    let mut walking = false;
    let mut expect_element = false;
    for (i, c) in text.char_indices() {
        if c == '\n' {
            line += 1;
        }
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => {
                    in_string = false;
                    if depth == 1 {
                        last_key = Some((string_start, i));
                    }
                }
                _ => {}
            }
            continue;
        }
        if walking && depth == 2 && expect_element && !c.is_whitespace() && c != ']' {
            lines.push(line);
            expect_element = false;
        }
        match c {
            '"' => {
                in_string = true;
                string_start = i + 1;
            }
            '{' | '[' => {
                depth += 1;
                if c == '[' && depth == 2 {
                    walking = last_key.is_some_and(|(a, b)| &text[a..b] == key);
                    expect_element = walking;
                }
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                if depth == 1 {
                    walking = false;
                }
            }
            ',' if walking && depth == 2 => expect_element = true,
            _ => {}
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_element_of_the_named_list_gets_its_line() {
        let text = "{\n  \"notes\": [1, 2],\n  \"facts\": [\n    {\"a\": \"x]}\\\"\"},\n\n    {\"b\": [1, {\"facts\": 2}]}\n  ],\n  \"more\": {\"facts\": [9]}\n}";
        assert_eq!(element_lines(text, "facts"), vec![4, 6]);
        assert_eq!(element_lines(text, "notes"), vec![2, 2]);
        assert_eq!(element_lines(text, "absent"), Vec::<usize>::new());
        assert_eq!(
            element_lines("{\"facts\": []}", "facts"),
            Vec::<usize>::new()
        );
    }
}
