//! The checksum of a report file: a SHA-256 of its text, written as its last field, so that a run
//! resuming its own checkpoint can tell the file it wrote from one that was corrupted or edited since.
//! It is not a signature: anyone can compute it again after editing a file, so files from elsewhere are
//! verified by recomputing blocks whatever their checksum says.

/// The field's name and the start of its value, as the last line but one of a file.
const FIELD: &str = ",\n  \"checksum\": \"sha256:";

/// What a file's checksum says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checksum {
    /// The file is the one its writer checksummed.
    Matches,
    /// It has a checksum that does not match its text: corrupted or edited.
    Differs,
    /// It has none (written by something else, or without one).
    Missing,
}

/// `text` (pretty JSON of an object ending `\n}\n`, as [`crate::estimate::files::to_file_text`] writes
/// it) with a last field `"checksum": "sha256:…"`, the SHA-256 of `text`.
///
/// # Panics
/// If `text` does not end with `\n}\n`.
pub fn with_checksum(text: &str) -> String {
    let body = text.strip_suffix("\n}\n").expect("a pretty JSON object and a newline");
    format!("{body}{FIELD}{}\"\n}}\n", hex(&sha256(text.as_bytes())))
}

/// Whether `text` is a file [`with_checksum`] wrote, unchanged since.
pub fn check(text: &str) -> Checksum {
    let Some(at) = text.rfind(FIELD) else { return Checksum::Missing };
    let (body, field) = text.split_at(at);
    let digest = field[FIELD.len()..].strip_suffix("\"\n}\n");
    match digest {
        Some(d) if d == hex(&sha256(format!("{body}\n}}\n").as_bytes())) => Checksum::Matches,
        _ => Checksum::Differs,
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The round constants of SHA-256 (FIPS 180-4, 4.2.2).
const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

/// SHA-256 (FIPS 180-4) of `data`.
pub fn sha256(data: &[u8]) -> [u8; 32] {
    let mut h: [u32; 8] =
        [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    let mut message = data.to_vec();
    message.push(0x80);
    while message.len() % 64 != 56 {
        message.push(0);
    }
    message.extend_from_slice(&(data.len() as u64).wrapping_mul(8).to_be_bytes());
    for chunk in message.chunks_exact(64) {
        compress(&mut h, chunk);
    }
    let mut out = [0; 32];
    for (o, word) in out.chunks_exact_mut(4).zip(h) {
        o.copy_from_slice(&word.to_be_bytes());
    }
    out
}

/// One 64-byte block into the state `h`.
fn compress(h: &mut [u32; 8], chunk: &[u8]) {
    let mut w = [0u32; 64];
    for (i, word) in chunk.chunks_exact(4).enumerate() {
        w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
    }
    for i in 16..64 {
        let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
        let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16].wrapping_add(s0).wrapping_add(w[i - 7]).wrapping_add(s1);
    }
    let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = *h;
    for i in 0..64 {
        let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
        let ch = (e & f) ^ (!e & g);
        let t1 = hh.wrapping_add(s1).wrapping_add(ch).wrapping_add(K[i]).wrapping_add(w[i]);
        let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
        let maj = (a & b) ^ (a & c) ^ (b & c);
        let t2 = s0.wrapping_add(maj);
        (hh, g, f, e, d, c, b, a) = (g, f, e, d.wrapping_add(t1), c, b, a, t1.wrapping_add(t2));
    }
    for (x, y) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
        *x = x.wrapping_add(y);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_gives_the_standard_digests() {
        let digest = |s: &str| hex(&sha256(s.as_bytes()));
        assert_eq!(digest(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assert_eq!(digest("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        let two_blocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
        assert_eq!(digest(two_blocks), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    }

    #[test]
    fn a_checksummed_file_is_told_from_an_edited_one_and_one_without() {
        let text = "{\n  \"a\": 1,\n  \"b\": [\n    2\n  ]\n}\n";
        let sealed = with_checksum(text);
        assert!(sealed.starts_with("{\n  \"a\": 1,") && sealed.ends_with("\"\n}\n"), "{sealed}");
        let value: serde_json::Value = serde_json::from_str(&sealed).unwrap();
        assert!(value["checksum"].as_str().unwrap().starts_with("sha256:"));
        assert_eq!(check(&sealed), Checksum::Matches);
        assert_eq!(check(text), Checksum::Missing);
        assert_eq!(check(&sealed.replace("\"a\": 1", "\"a\": 2")), Checksum::Differs);
        assert_eq!(check(&sealed.replace("sha256:", "sha256:0")), Checksum::Differs);
        assert_eq!(check(&format!("{sealed} ")), Checksum::Differs);
    }
}
