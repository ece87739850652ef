DROP INDEX users_name_prefix_idx;
