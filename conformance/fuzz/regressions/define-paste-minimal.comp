// expect: error
// The smallest form of define-paste-at-eof.comp: `##` in the last line, a #define, with no newline.
#version 430
#define B a##