#version 430
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { uint v[]; };
uint fib(uint n) { return n < 2u ? n : fib(n - 1u) + fib(n - 2u); }
void main() {
    v[0] = fib(10u);
}
