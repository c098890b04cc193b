-- resources and prompts (issue 4). Filled in by that feature; an empty statement keeps numbering stable.
SELECT 1;
