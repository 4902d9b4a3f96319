//! What of a certificate is false, when one does not verify.

/// A certificate that does not verify (a bug, were it ever to happen): what of it is false.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CertificateError {
    /// Prev1 finds this many predecessors of a position said to have none.
    HasPredecessors(usize),
    /// The side said to have moved last is the side to move.
    WrongLastMover,
    /// The candidates are not every move the pieces could have made.
    CandidatesIncomplete,
    /// A candidate (its move, USI-like) has no failure.
    Unrefuted(String),
    /// A candidate's failure does not hold: the failure, and the move.
    FailureDoesNotHold(String, String),
    /// A `reach` tree does not start at the position.
    TreeRoot,
    /// Node `i` of a `reach` tree is a KK position.
    KkInTree(usize),
    /// Node `i`'s predecessors are not Prev1's.
    NotPrev1(usize),
    /// Node `i` is not a predecessor of its parent.
    NotAPredecessor(usize),
    /// Node `i` is a leaf without a certificate, or has one and predecessors.
    BadLeaf(usize),
}

impl std::fmt::Display for CertificateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the certificate does not verify: ")?;
        match self {
            CertificateError::HasPredecessors(n) => write!(f, "Prev1 finds {n} predecessors"),
            CertificateError::WrongLastMover => f.write_str("the last mover is the side to move"),
            CertificateError::CandidatesIncomplete => {
                f.write_str("the candidates are not every move the pieces could have made")
            }
            CertificateError::Unrefuted(mv) => write!(f, "{mv} is not shown to fail"),
            CertificateError::FailureDoesNotHold(failure, mv) => {
                write!(f, "{failure} does not hold for {mv}")
            }
            CertificateError::TreeRoot => f.write_str("the tree does not start at the position"),
            CertificateError::KkInTree(i) => write!(f, "node {i} is a KK position"),
            CertificateError::NotPrev1(i) => write!(f, "node {i}'s predecessors are not Prev1's"),
            CertificateError::NotAPredecessor(i) => write!(f, "node {i} is not a predecessor of its parent"),
            CertificateError::BadLeaf(i) => {
                write!(f, "node {i} is a leaf without a certificate (or has one and predecessors)")
            }
        }
    }
}

impl std::error::Error for CertificateError {}
