"""The live preview behind `make serve`: pages built when asked for, rebuilt after an edit only where it shows
(site.py), the data read again file by file (data.py), served with MkDocs' live-reload server (server.py)."""
