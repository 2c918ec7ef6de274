// Schachogi's learned evaluation bound to Python (nnue_bindings.cpp): where the network file
// is, and the checks the tests run on the accumulator.
#pragma once

#include <nanobind/nanobind.h>

void bind_nnue(nanobind::module_& schachogi);
