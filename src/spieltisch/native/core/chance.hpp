// Seeded chance draws bit-identical to Python's `spieltisch.core.chance.draw_chance`:
// the node at ply P of a game with seed S draws from CPython's `random.Random` seeded
// with the first 16 bytes (big-endian) of SHA-256(`spieltisch-chance:S:P`), whose first
// `random()` picks an outcome by cumulative probability (`State.sample_chance`).
//
// Both pieces are written here from their specifications: SHA-256 (FIPS 180-4) and
// MT19937 with CPython's seeding of a whole number (`init_by_array` over the number's
// 32-bit words, least significant first, leading zero words dropped) and its 53-bit
// `random()`.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace spieltisch::native {

// --- SHA-256 ---------------------------------------------------------------------------

class Sha256 {
public:
    using Digest = std::array<std::uint8_t, 32>;

    static Digest of(std::string_view message) {
        Sha256 hash;
        hash.update(message);
        return hash.finish();
    }

    void update(std::string_view data) {
        for (const char c : data) {
            block_[fill_++] = static_cast<std::uint8_t>(c);
            if (fill_ == 64) {
                compress();
                fill_ = 0;
            }
        }
        length_ += data.size();
    }

    Digest finish() {
        const std::uint64_t bits = length_ * 8;
        block_[fill_++] = 0x80;
        if (fill_ > 56) {
            while (fill_ < 64) block_[fill_++] = 0;
            compress();
            fill_ = 0;
        }
        while (fill_ < 56) block_[fill_++] = 0;
        for (int i = 7; i >= 0; --i) block_[fill_++] = static_cast<std::uint8_t>(bits >> (8 * i));
        compress();
        Digest out{};
        for (std::size_t i = 0; i < 8; ++i) {
            for (std::size_t b = 0; b < 4; ++b) {
                out[4 * i + b] = static_cast<std::uint8_t>(state_[i] >> (24 - 8 * b));
            }
        }
        return out;
    }

private:
    // The first 32 bits of the fractional parts of the square roots of the first 8 primes
    // (the start) and of the cube roots of the first 64 primes (the round constants).
    std::array<std::uint32_t, 8> state_{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    std::array<std::uint8_t, 64> block_{};
    std::size_t fill_ = 0;
    std::uint64_t length_ = 0;

    static constexpr std::array<std::uint32_t, 64> kRounds{
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2};

    static constexpr std::uint32_t rotr(std::uint32_t x, int n) { return x >> n | x << (32 - n); }

    void compress() {
        std::array<std::uint32_t, 64> w{};
        for (std::size_t i = 0; i < 16; ++i) {
            w[i] = std::uint32_t{block_[4 * i]} << 24 | std::uint32_t{block_[4 * i + 1]} << 16 |
                   std::uint32_t{block_[4 * i + 2]} << 8 | std::uint32_t{block_[4 * i + 3]};
        }
        for (std::size_t i = 16; i < 64; ++i) {
            const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
            const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        std::uint32_t a = state_[0], b = state_[1], c = state_[2], d = state_[3];
        std::uint32_t e = state_[4], f = state_[5], g = state_[6], h = state_[7];
        for (std::size_t i = 0; i < 64; ++i) {
            const std::uint32_t sum1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
            const std::uint32_t choose = (e & f) ^ (~e & g);
            const std::uint32_t t1 = h + sum1 + choose + kRounds[i] + w[i];
            const std::uint32_t sum0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
            const std::uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
            const std::uint32_t t2 = sum0 + majority;
            h = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        state_[0] += a;
        state_[1] += b;
        state_[2] += c;
        state_[3] += d;
        state_[4] += e;
        state_[5] += f;
        state_[6] += g;
        state_[7] += h;
    }
};

// --- MT19937 as CPython's random.Random ---------------------------------------------------

class Mt19937 {
public:
    static constexpr int kN = 624;
    static constexpr int kM = 397;

    // CPython's `random.Random(x)` for the whole number x >= 0 given as its 32-bit words,
    // least significant first (`count` of them, count >= 1): the leading zero words are
    // dropped (the key is as long as the number's bit length needs, one word for 0).
    Mt19937(const std::uint32_t* words, int count) {
        while (count > 1 && words[count - 1] == 0) --count;
        seed_by_array(words, count);
    }

    std::uint32_t next() {
        if (index_ >= kN) twist();
        return temper(mt_[static_cast<std::size_t>(index_++)]);
    }

    // `random.random()`: 27 high bits and 26 high bits of two draws, a 53-bit fraction.
    double random() {
        const std::uint32_t a = next() >> 5;
        const std::uint32_t b = next() >> 6;
        return to_double(a, b);
    }

    // The first `random()` of a freshly seeded generator, without the whole twist: its
    // two words are the first two of the twisted state, which need only the seeded words
    // 0, 1, 2, 397 and 398 (a chance draw wants no more). The generator is left as it was.
    double first_random() const {
        return to_double(temper(twisted(0)) >> 5, temper(twisted(1)) >> 6);
    }

private:
    std::array<std::uint32_t, kN> mt_{};
    int index_ = kN;

    Mt19937() = default;

    void seed_by_integer(std::uint32_t s) {
        mt_[0] = s;
        for (int i = 1; i < kN; ++i) {
            const std::uint32_t prev = mt_[static_cast<std::size_t>(i - 1)];
            mt_[static_cast<std::size_t>(i)] =
                1812433253u * (prev ^ (prev >> 30)) + static_cast<std::uint32_t>(i);
        }
        index_ = kN;
    }

    void seed_by_array(const std::uint32_t* key, int length) {
        // Every key starts from the state of the integer seed 19650218: made once.
        static const std::array<std::uint32_t, kN> start = [] {
            Mt19937 base;
            base.seed_by_integer(19650218u);
            return base.mt_;
        }();
        mt_ = start;
        index_ = kN;
        std::size_t i = 1;
        int j = 0;
        for (int k = kN > length ? kN : length; k > 0; --k) {
            const std::uint32_t prev = mt_[i - 1];
            mt_[i] = (mt_[i] ^ ((prev ^ (prev >> 30)) * 1664525u)) + key[j] +
                     static_cast<std::uint32_t>(j);
            ++i;
            ++j;
            if (i >= kN) {
                mt_[0] = mt_[kN - 1];
                i = 1;
            }
            if (j >= length) j = 0;
        }
        for (int k = kN - 1; k > 0; --k) {
            const std::uint32_t prev = mt_[i - 1];
            mt_[i] = (mt_[i] ^ ((prev ^ (prev >> 30)) * 1566083941u)) - static_cast<std::uint32_t>(i);
            ++i;
            if (i >= kN) {
                mt_[0] = mt_[kN - 1];
                i = 1;
            }
        }
        mt_[0] = 0x80000000u;  // a non-zero state, whatever the key
    }

    static constexpr std::uint32_t kUpper = 0x80000000u, kLower = 0x7fffffffu;
    static constexpr std::uint32_t kMatrix = 0x9908b0dfu;

    static std::uint32_t temper(std::uint32_t y) {
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c5680u;
        y ^= (y << 15) & 0xefc60000u;
        y ^= y >> 18;
        return y;
    }

    static double to_double(std::uint32_t a, std::uint32_t b) {
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
    }

    // Word `k` of the next state from word k, k + 1 and k + M of this one (k < N - M:
    // those are not yet replaced when the twist reaches k).
    std::uint32_t twisted(std::size_t k) const {
        const std::uint32_t y = (mt_[k] & kUpper) | (mt_[k + 1] & kLower);
        return mt_[k + kM] ^ (y >> 1) ^ ((y & 1u) ? kMatrix : 0u);
    }

    // The next 624 words, in place: a word's k + M partner is the old word for the first
    // N - M words and the already replaced one after.
    void twist() {
        std::size_t k = 0;
        for (; k < kN - kM; ++k) mt_[k] = twisted(k);
        for (; k < kN - 1; ++k) {
            const std::uint32_t y = (mt_[k] & kUpper) | (mt_[k + 1] & kLower);
            mt_[k] = mt_[k + kM - kN] ^ (y >> 1) ^ ((y & 1u) ? kMatrix : 0u);
        }
        const std::uint32_t y = (mt_[kN - 1] & kUpper) | (mt_[0] & kLower);
        mt_[kN - 1] = mt_[kM - 1] ^ (y >> 1) ^ ((y & 1u) ? kMatrix : 0u);
        index_ = 0;
    }
};

// --- the chance draw -------------------------------------------------------------------

// `chance_rng(seed, ply).random()` (core/chance.py).
inline double chance_random(std::int64_t seed, std::int64_t ply) {
    const std::string message =
        "spieltisch-chance:" + std::to_string(seed) + ":" + std::to_string(ply);
    const Sha256::Digest digest = Sha256::of(message);
    // digest[0..15] as a big-endian 128-bit number: word 0 (least significant) is bytes
    // 12..15, word 3 bytes 0..3.
    std::uint32_t words[4];
    for (int w = 0; w < 4; ++w) {
        const std::size_t at = static_cast<std::size_t>(12 - 4 * w);
        words[w] = std::uint32_t{digest[at]} << 24 | std::uint32_t{digest[at + 1]} << 16 |
                   std::uint32_t{digest[at + 2]} << 8 | std::uint32_t{digest[at + 3]};
    }
    const Mt19937 rng(words, 4);
    return rng.first_random();
}

// `State.sample_chance`: the index of the outcome whose cumulative probability (summed in
// the outcomes' order, as doubles) first exceeds `pick`; the last one when none does.
template <class Probability>
int pick_outcome(double pick, int count, Probability probability) {
    double total = 0.0;
    for (int k = 0; k < count; ++k) {
        total += probability(k);
        if (pick < total) return k;
    }
    return count - 1;
}

}  // namespace spieltisch::native
