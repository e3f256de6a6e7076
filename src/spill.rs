//! A list that lives on the stack up to `N` items and, with the `alloc` feature, moves to the
//! heap beyond that.

use arrayvec::ArrayVec;

/// Up to `N` items inline; more only with the `alloc` feature.
#[derive(Clone, Debug)]
pub(crate) enum Spill<T, const N: usize> {
    Inline(ArrayVec<T, N>),
    #[cfg(feature = "alloc")]
    Heap(alloc::vec::Vec<T>),
}

impl<T, const N: usize> Default for Spill<T, N> {
    fn default() -> Self {
        Spill::Inline(ArrayVec::new())
    }
}

impl<T, const N: usize> Spill<T, N> {
    /// Adds `item`. Past `N` items the list moves to the heap with `alloc`; without it, a
    /// full list refuses the item (returning false).
    #[inline]
    pub(crate) fn try_push(&mut self, item: T) -> bool {
        match self {
            Spill::Inline(list) => match list.try_push(item) {
                Ok(()) => true,
                #[cfg(feature = "alloc")]
                Err(e) => {
                    self.spill(e.element());
                    true
                }
                #[cfg(not(feature = "alloc"))]
                Err(_) => false,
            },
            #[cfg(feature = "alloc")]
            Spill::Heap(list) => {
                list.push(item);
                true
            }
        }
    }

    /// The inline list is full: move to the heap.
    #[cfg(feature = "alloc")]
    #[cold]
    #[inline(never)]
    fn spill(&mut self, item: T) {
        let Spill::Inline(list) = self else {
            unreachable!("only a full inline list spills")
        };
        let mut heap = alloc::vec::Vec::with_capacity(2 * N);
        heap.extend(list.drain(..));
        heap.push(item);
        *self = Spill::Heap(heap);
    }

    /// The inline list, if the items have not moved to the heap.
    #[inline]
    pub(crate) fn inline_mut(&mut self) -> Option<&mut ArrayVec<T, N>> {
        match self {
            Spill::Inline(list) => Some(list),
            #[cfg(feature = "alloc")]
            Spill::Heap(_) => None,
        }
    }

    #[inline]
    pub(crate) fn clear(&mut self) {
        match self {
            Spill::Inline(list) => list.clear(),
            #[cfg(feature = "alloc")]
            Spill::Heap(list) => list.clear(),
        }
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[T] {
        match self {
            Spill::Inline(list) => list,
            #[cfg(feature = "alloc")]
            Spill::Heap(list) => list,
        }
    }

    #[inline]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [T] {
        match self {
            Spill::Inline(list) => list,
            #[cfg(feature = "alloc")]
            Spill::Heap(list) => list,
        }
    }
}

/// The items of a [`Spill`], by value.
#[derive(Clone, Debug)]
pub(crate) enum SpillIter<T, const N: usize> {
    Inline(arrayvec::IntoIter<T, N>),
    #[cfg(feature = "alloc")]
    Heap(alloc::vec::IntoIter<T>),
}

impl<T, const N: usize> IntoIterator for Spill<T, N> {
    type Item = T;
    type IntoIter = SpillIter<T, N>;
    fn into_iter(self) -> SpillIter<T, N> {
        match self {
            Spill::Inline(list) => SpillIter::Inline(list.into_iter()),
            #[cfg(feature = "alloc")]
            Spill::Heap(list) => SpillIter::Heap(list.into_iter()),
        }
    }
}

impl<T, const N: usize> Iterator for SpillIter<T, N> {
    type Item = T;
    fn next(&mut self) -> Option<T> {
        match self {
            SpillIter::Inline(it) => it.next(),
            #[cfg(feature = "alloc")]
            SpillIter::Heap(it) => it.next(),
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            SpillIter::Inline(it) => it.size_hint(),
            #[cfg(feature = "alloc")]
            SpillIter::Heap(it) => it.size_hint(),
        }
    }
}
