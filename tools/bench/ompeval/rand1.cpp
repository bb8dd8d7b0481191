// OMPEval's "Rand1" benchmark (benchmark.cpp, random1): ten million random seven-card hands
// from its own generator, as arrays of seven card indexes, each summed into a Hand and
// evaluated, with a checksum. `rand1 write FILE` writes the hands (7 bytes each, card index
// rank * 4 + suit, as Croupier's); `rand1 run FILE PASSES` evaluates them PASSES times and
// prints "<M evals/s> <checksum>". Built by run.sh against a checkout of OMPEval.
#include "omp/HandEvaluator.h"
#include "omp/Random.h"
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace std;

// benchmark.cpp's generateRandomHands: the seed is deterministic on purpose.
static vector<array<uint8_t, 7>> generateRandomHands(size_t count)
{
    omp::XoroShiro128Plus rng(0);
    omp::FastUniformIntDistribution<unsigned> rnd(0, 51);
    vector<array<uint8_t, 7>> table;
    for (unsigned i = 0; i < count; ++i) {
        uint64_t usedCardsMask = 0;
        table.emplace_back();
        for (auto& card : table.back()) {
            uint64_t cardMask;
            do {
                card = rnd(rng);
                cardMask = 1ull << card;
            } while (usedCardsMask & cardMask);
            usedCardsMask |= cardMask;
        }
    }
    return table;
}

int main(int argc, char** argv)
{
    if (argc == 3 && !strcmp(argv[1], "write")) {
        auto table = generateRandomHands(10000000);
        FILE* f = fopen(argv[2], "wb");
        if (!f || fwrite(table.data(), 7, table.size(), f) != table.size())
            return 1;
        return fclose(f) ? 1 : 0;
    }
    if (argc != 4 || strcmp(argv[1], "run")) {
        fprintf(stderr, "usage: rand1 write FILE | rand1 run FILE PASSES\n");
        return 2;
    }
    vector<array<uint8_t, 7>> table(10000000);
    FILE* f = fopen(argv[2], "rb");
    if (!f || fread(table.data(), 7, table.size(), f) != table.size())
        return 1;
    fclose(f);
    int passes = atoi(argv[3]);
    omp::HandEvaluator eval;
    uint64_t count = 0;
    unsigned sum = 0;
    auto t1 = chrono::high_resolution_clock::now();
    for (int i = 0; i < passes; ++i) {
        for (auto& cards : table) {
            omp::Hand h = omp::Hand::empty();
            h += cards[0];
            h += cards[1];
            h += cards[2];
            h += cards[3];
            h += cards[4];
            h += cards[5];
            h += cards[6];
            sum += eval.evaluate(h);
            ++count;
        }
    }
    auto t2 = chrono::high_resolution_clock::now();
    double t = 1e-9 * chrono::duration_cast<chrono::nanoseconds>(t2 - t1).count();
    printf("%.1f %u\n", 1e-6 * count / t, sum);
    return 0;
}
