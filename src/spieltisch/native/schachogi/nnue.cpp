// Reading Schachogi's network file once (nnue.hpp has the format).
#include "nnue.hpp"

#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace spieltisch::native::schachogi::nnue {
namespace {

std::mutex guard;
std::string file_path;
// Every network read stays alive (positions point at theirs); `current` is the file's.
std::vector<std::unique_ptr<const Network>> kept;
const Network* current = nullptr;

// Reads little-endian values from a byte buffer, refusing to run past its end.
struct Reader {
    const std::vector<char>& bytes;
    std::size_t at = 0;

    template <class T>
    T next() {
        if (at + sizeof(T) > bytes.size()) throw std::invalid_argument("the NNUE file is cut short: " + file_path);
        std::make_unsigned_t<T> raw = 0;
        for (std::size_t i = 0; i < sizeof(T); ++i) {
            raw |= static_cast<std::make_unsigned_t<T>>(static_cast<unsigned char>(bytes[at + i])) << (8 * i);
        }
        at += sizeof(T);
        T value;
        std::memcpy(&value, &raw, sizeof(T));
        return value;
    }
};

std::unique_ptr<const Network> read(const std::string& name) {
    std::ifstream in(name, std::ios::binary);
    if (!in) throw std::invalid_argument("no NNUE network file at " + name);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.size() < 8 || std::memcmp(bytes.data(), "SPNNUE01", 8) != 0) {
        throw std::invalid_argument("not a Schachogi NNUE file (no SPNNUE01 header): " + name);
    }
    Reader r{bytes, 8};
    const auto features = r.next<std::int32_t>(), hidden = r.next<std::int32_t>();
    const auto dense = r.next<std::int32_t>();
    if (features != kFeatures || hidden != kHidden || dense != kDense) {
        throw std::invalid_argument("the NNUE file's sizes are not this engine's (" + std::to_string(kFeatures) +
                                    ", " + std::to_string(kHidden) + ", " + std::to_string(kDense) + "): " + name);
    }
    auto net = std::make_unique<Network>();
    net->output_scale = r.next<std::int32_t>();
    for (auto& v : net->ft_bias) v = r.next<std::int16_t>();
    net->ft_weight.resize(static_cast<std::size_t>(kFeatures) * kHidden);
    for (auto& v : net->ft_weight) v = r.next<std::int16_t>();
    net->psqt.resize(kFeatures);
    for (auto& v : net->psqt) v = r.next<std::int32_t>();
    for (auto& v : net->b1) v = r.next<std::int32_t>();
    for (auto& v : net->w1) v = r.next<std::int8_t>();  // widened to int16
    net->b2 = r.next<std::int32_t>();
    for (auto& v : net->w2) v = r.next<std::int8_t>();
    if (r.at != bytes.size()) throw std::invalid_argument("the NNUE file has bytes after the network: " + name);
    return net;
}

}  // namespace

void set_path(const std::string& name) {
    const std::lock_guard lock(guard);
    if (name != file_path) current = nullptr;
    file_path = name;
}

std::string path() {
    const std::lock_guard lock(guard);
    return file_path;
}

const Network& network() {
    const std::lock_guard lock(guard);
    if (current == nullptr) {
        if (file_path.empty()) throw std::invalid_argument("no NNUE network file is set");
        kept.push_back(read(file_path));
        current = kept.back().get();
    }
    return *current;
}

}  // namespace spieltisch::native::schachogi::nnue
