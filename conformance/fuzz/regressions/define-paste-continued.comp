// expect: no definition of main()
// A #define with ## continued by a backslash into the end of the source (the preprocessor hang, through a line continuation).
#version 430
#define B a## \