/**
 * The typed words of the run directory's verdicts: each enum serialises to the word summary.json and
 * events.jsonl have always used ({@code "generator-bound"}, {@code "holds"}, {@code "errors"} …), and every
 * reader decides by these types, never by a sentence. Sentences are rendered from them for people and may be
 * reworded freely.
 */
package dev.brink.core.verdict;
